/**
 * The toasts of the sign-in pages (lib/notify). lib/notify and the toasts' library are loaded when a toast is
 * shown, not with the page: a toast here follows a call to the server, which takes longer than loading them.
 */
export function notifySuccess(message: string): void {
  void import('../../../lib/notify').then((notify) => notify.notifySuccess(message));
}

export function notifyError(message: string): void {
  void import('../../../lib/notify').then((notify) => notify.notifyError(message));
}
