const DIGITS = /^\d+$/;

/** True when the identifier field holds only digits, i.e. a phone that needs a country code. */
export const isPhoneEntry = (value: string): boolean => DIGITS.test(value);
