/** The main API's envelope: `{status, message, response}`. */
export const ok = <T>(response: T, message = 'Success') => ({ status: true as const, message, response });

/** The social-posting API's envelope: `{response_code, response_message, response_data}`. */
export const sphOk = <T>(data: T, message = 'Success') => ({
  response_code: 200 as const,
  response_message: message,
  response_data: data,
});

/** The surface a request is on decides its envelope (the social-posting API answers in its own). */
export const isSphRequest = (url: string) => /^\/sph(\/|$|\?)/.test(url);
