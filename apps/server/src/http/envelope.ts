/** The main API's envelope (DECISIONS §1): `{status, message, response}`. */
export const ok = <T>(response: T, message = 'Success') => ({ status: true as const, message, response });
