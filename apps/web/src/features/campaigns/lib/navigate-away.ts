/** Sends the browser to another site (PayPal's approval page). Its own module so tests can replace it. */
export function navigateAway(url: string): void {
  window.location.assign(url);
}
