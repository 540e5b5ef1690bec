/** Every user-facing message, spelled exactly as the specification spells it (typos included). */
export const MSG = {
  // identifier (login and sign-up)
  identifierRequired: 'Email / Phone is required',
  identifierInvalid: 'Email / Phone is invalid',
  phoneCodeRequired: 'Please enter your phone code',
  // passwords
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 15 characters',
  passwordComplexity: 'Password must contain a number, an upper case letter, a lower case letter and one of !@#$%^&*',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords should match!',
  oldPasswordRequired: 'Old password is required',
  oldPasswordWrong: 'Old password is incorrect',
  newPasswordSet: 'New Password Successfuly Set',
  passwordChanged: 'Password changed successfully',
  // login
  somethingWentWrong: 'Something went wrong',
  invalidCredentials: 'Invalid email / phone or password',
  accountNotVerified: 'Please verify your account with the OTP we have sent you',
  accountInactive: 'Your account is inactive. Please contact your business owner',
  googleAccountNoPassword: 'This account uses Google sign-in. Please continue with Google',
  googleSignupInfluencerOnly: 'Google sign-up is available for influencers only',
  googleNoAccount: 'No account found for this Google account. Please sign up first',
  googleTokenInvalid: 'Google sign-in could not be verified',
  googleEmailMismatch: 'Google sign-in could not be verified',
  accountExists: 'An account with this Email / Phone already exists',
  registrationCompleted: 'Registration completed successfully',
  loginSuccess: 'Login successful',
  logoutSuccess: 'Logged out successfully',
  // OTP
  otpSent: 'OTP sent successfully',
  otpResent: 'OTP resent successfully',
  otpVerified: 'OTP verified successfully',
  otpRequired: 'OTP is required',
  otpInvalidFormat: 'OTP must be 4 digits',
  otpWrong: 'Invalid OTP',
  otpExpired: 'OTP has expired. Please request a new OTP',
  otpTooManyTries: 'Too many wrong attempts. Please request a new OTP',
  otpWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP`,
  otpNotVerified: 'Please verify the OTP first',
  otpNotSent: 'We could not send the OTP. Please try again',
  userNotFound: 'User not found',
  unknownError: 'Unknown error occurred',
  // session
  unauthorized: 'Unauthorized access',
  ticketUsed: 'This ticket has already opened a stream. Please ask for a new ticket',
  forbidden: 'You do not have access to this resource',
  tooManyRequests: 'Too many requests. Please try again later',
  // profile (individual)
  nameRequired: 'Please enter your name',
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 40 characters',
  nameBlank: '* This field cannot contain only blank spaces',
  userNameRequired: 'Please enter your Username',
  userNameMax: 'Username must be at most 20 characters',
  userNameSpaces: 'Username cannot contain spaces',
  userNameTaken: 'UserName already exist!',
  // payment id
  paypalIdSpaces: 'space is not valid',
  paypalIdTooLong: 'PayPal id is too long',
  phoneInvalid: 'Phone number is not valid',
  phoneRequired: 'Phone number is required',
  emailInvalid: 'Email is not valid',
  emailRequired: 'Email is required',
  // profile (business)
  businessNameRequired: 'Please enter your Business/Brand name',
  businessNameInvalid: 'Name is not valid',
  addressRequired: 'Address is required',
  addressInvalid: '* Extra blank spaces and some characters are not allowed',
  addressMax: 'Address must be at most 250 characters',
  pinRequired: 'Zip/Pin code is required',
  pinInvalid: 'Zip/Pin code is not valid',
  countryRequired: 'Country name is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  cityInvalid: 'City is not valid',
  industryRequired: 'Industry is required',
  companySizeRequired: 'Company size is required',
  dobRequired: 'Date of birth is required',
  dobInvalid: 'Invalid Date of Birth',
  dobUnderAge: 'You must be at least 18 years old to use Virality',
  genderInvalid: 'Gender is not valid',
  pronounsInvalid: 'Pronouns are not valid',
  profileUpdated: 'Profile updated successfully',
  contactLocked: 'Email and mobile cannot be changed once set',
  contactNotVerified: 'Please verify this Email / Phone with an OTP first',
  // images
  imageTooLarge: 'Please upload an image smaller than 2MB.',
  imageUploadFailed: 'Image upload failed',
  imageUploadFailedAlt: 'Failed to upload image',
  imageNotSupported: 'Only JPEG, PNG or WebP images are allowed',
  profileImageNotHttps: 'Profile image must be an https:// address',
  // appearance
  backgroundColorInvalid: 'Background color must be a hex color such as #ff8800',
  // interests
  interestsMin: 'Please select 3 or more areas of your choice',
  interestsUnknown: 'Some selected interests do not exist',
  // subscription
  freeTierInfluencerOnly: 'The free tier is for influencers only',
  // sync
  serverError: 'server error',
  // location
  countryNotFound: 'Country not found',
  stateNotFound: 'State not found',
  // pages
  notFoundPage: 'Sorry, page not found!',
  errorPage: 'Some error occurred on this page',
  emailCopied: 'email copied to clipboard successfully',
  completeRegistration: 'Please complete Registration before continuing',
  networkLost: 'Network connection lost',
} as const;

/**
 * Why a code page asks for a code, when it is not the one the user signed up with: the profile step (or Account
 * Details) was given the other channel, and it is saved only once its code is entered.
 */
export const OTP_REASON_MSG = {
  /** After sign-up: the profile step sent a code to the channel the user did not sign up with. */
  profileStep: (channel: 'phone' | 'email') =>
    channel === 'phone'
      ? 'You signed up with your email. We also sent a code to the mobile number you gave on your profile, to verify it is yours. Your profile is saved; the number is added once you enter the code.'
      : 'You signed up with your mobile number. We also sent a code to the email you gave on your profile, to verify it is yours. Your profile is saved; the email is added once you enter the code.',
  /** Account Details or the phone page: a new mobile number or email is saved only after its code. */
  profileUpdate: (channel: 'phone' | 'email') =>
    `We sent a code to your new ${channel === 'phone' ? 'mobile number' : 'email'} to verify it is yours. It is saved once you enter the code.`,
} as const;

/** Plans and payments: what the price list, coupons, checkout and the post limits say. */
export const PAY_MSG = {
  couponVerified: 'Coupon verified successfully',
  couponInvalid: 'Invalid coupon code',
  couponNotForCurrency: 'This coupon cannot be used in this currency',
  couponNoLongerValid: 'This coupon is no longer valid',
  couponBelowMinimum: 'This coupon needs a higher amount',
  priceNotFound: 'This price is not available',
  planMismatch: 'The plan does not match the price',
  freeTierNotForSale: 'The free tier cannot be bought',
  lowerPlanWhileActive: 'Your current plan is higher than this plan: it can be bought once your plan ends',
  paymentsNotConfigured: 'Payments are not configured',
  paymentProviderFailed: 'Something went wrong while navigating to the payment page.',
  paymentNotFound: 'Payment not found',
  orderNotFound: 'Order not found',
  paymentUpdateFailed: 'Failed to update payment',
  paymentPending: 'Your payment is being confirmed',
  paymentRecorded: 'Payment recorded',
  webhookSignatureInvalid: 'Invalid signature',
  planExpired: 'Your Subscription is Expired',
  noActivePlan: 'Subscribe to a plan to start posting',
} as const;

/** A weight in whole megabytes where it is one ('8 MB'), else to one decimal ('2.5 MB'). */
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * A post's photos made fit for a network before they are sent: said next to the network before submit (a
 * notice, never a refusal), and the failure of a photo no re-encoding brings under the network's limit.
 */
export const MEDIA_CONVERT_MSG = {
  convertedToJpeg: (network: string) => `converted to JPEG for ${network}`,
  reencodedToFit: (network: string, maxBytes: number) => `re-encoded to fit ${network}'s ${megabytes(maxBytes)} limit`,
  cannotFit: (network: string, maxBytes: number) =>
    `A photo of this post is still larger than ${network}'s ${megabytes(maxBytes)} limit after re-encoding: post a smaller photo`,
  cannotRead: (network: string) =>
    `A photo of this post could not be read to convert it for ${network}: upload it again and post it again`,
  cannotPrepare: (network: string) => `A photo of this post could not be prepared for ${network} yet`,
} as const;

/** The notifications list and what the server tells a user in it (posts' own words are POST_MSG's). */
export const NOTIFICATION_MSG = {
  // the list's calls
  listed: 'Notifications',
  notFound: 'Notification not found',
  idRequired: 'activityId is required',
  pageInvalid: 'page must be a whole number from 1',
  markedRead: 'Notification marked as read',
  deleted: 'Notification deleted',
  allDeleted: 'All notifications cleared',
  empty: 'No Notification',
  // a manager's draft and its review
  draftWaiting: 'A draft is waiting for your approval',
  draftWaitingBody: (name: string) => `${name} saved a draft: review it, then approve it or send it back`,
  draftBack: 'A draft is back for your approval',
  draftBackBody: (name: string) => `${name} changed a draft you sent back: review it again`,
  draftApproved: 'Your draft was approved',
  draftSentBack: 'Your draft was sent back',
  // plans
  planPaid: 'Payment received',
  planPaidBody: (plan: string) => `Your ${plan} plan is active. Thank you for your payment!`,
  planRenewed: 'Your plan was renewed',
  planRenewedBody: (plan: string) => `Your ${plan} plan runs for another month. Thank you for your payment!`,
  planEnding: 'Your plan ends soon',
  planEndingBody: (plan: string, days: number, backToFree: boolean) =>
    `Your ${plan} plan ends ${days <= 1 ? 'tomorrow' : `in ${days} days`}.${
      backToFree ? ' After that you are back on the Free plan (5 posts a month).' : ''
    } Renew it to keep posting without a break.`,
  planEnded: 'Your plan has ended',
  planEndedBody: (plan: string, backToFree: boolean) =>
    backToFree
      ? `Your ${plan} plan has ended: you are back on the Free plan (5 posts a month). Renew it whenever you need more.`
      : `Your ${plan} plan has ended. Renew it to keep posting.`,
} as const;

/** The news room and its console section. */
export const NEWS_MSG = {
  noNews: 'No news found',
  noData: 'No Data Available',
  descriptionEmpty: 'Description is required',
  created: 'News created successfully',
  updated: 'News updated successfully',
  published: 'News published successfully',
  unpublished: 'News unpublished successfully',
  deleted: 'News deleted successfully',
  imageUploaded: 'Image uploaded successfully',
} as const;

/** The console's plans, prices and coupons. */
export const ADMIN_BILLING_MSG = {
  plans: 'Plans',
  planUpdated: 'Plan updated',
  planNotFound: 'Plan not found',
  nothingToChange: 'Send the features, the post limit or a price to change',
  featuresInvalid: 'A plan needs at least one feature',
  featureInvalid: 'A feature cannot be empty',
  featureTooLong: 'A feature can have up to 120 characters',
  tooManyFeatures: 'A plan can list up to 12 features',
  postLimitInvalid: 'The post limit must be a whole number from 1 to 100000, or no limit',
  priceInvalid: 'A price must be more than 0 with at most two decimals',
  priceTooHigh: 'A price can be at most 999999',
  currencyInvalid: 'Currency must be one of usd, inr, gbp, eur',
  freeTierNoPrice: 'The free tier is given, never sold: it has no price',
  freeTierNoLimitChange: 'The free tier keeps its post limit',
  coupons: 'Coupons',
  couponCreated: 'Coupon created',
  couponDeactivated: 'Coupon deactivated',
  couponNotFound: 'Coupon not found',
  couponAlreadyInactive: 'This coupon is already inactive',
  codeInvalid: 'The code must be 3 to 40 letters or digits',
  codeTaken: 'An active coupon already has this code',
  couponNameTooLong: 'The name can have up to 40 characters',
  percentInvalid: 'The percentage off must be more than 0 and at most 100',
  discountRequired: 'Give either a percentage off or an amount off',
  currencyRequired: 'An amount off needs its currency',
  durationInvalid: 'Duration must be once, repeating or forever',
  monthsInvalid: 'The number of months must be a whole number from 1 to 36',
  monthsRequired: 'A repeating coupon needs its number of months',
  monthsOnlyRepeating: 'Only a repeating coupon has a number of months',
  maxRedemptionsInvalid: 'The maximum redemptions must be a whole number of 1 or more',
  expiryInvalid: 'The expiry must be a date and time',
  expiryPast: 'The expiry must be in the future',
} as const;
