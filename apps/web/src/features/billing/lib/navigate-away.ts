/** Sends the browser to another site (the hosted checkout page). Its own module so tests can replace it. */
export function navigateAway(url: string): void {
  window.location.assign(url);
}
