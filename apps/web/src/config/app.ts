/** Where the error page sends people who need help. */
export const SUPPORT_EMAIL = 'support@virality.app';
