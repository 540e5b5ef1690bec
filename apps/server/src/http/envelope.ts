/** The main API's envelope: `{status, message, response}`. */
export const ok = <T>(response: T, message = 'Success') => ({ status: true as const, message, response });
