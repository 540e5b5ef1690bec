/** Every route of the web app, once. */
export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  selectProfileType: '/selectprofiletype',
  registration: '/registration',
  imcRegistration: '/imcregistration',
  verifyOtp: '/verifyotp',
  registrationOtp: '/registerationotp',
  phoneVerify: '/phoneverify',
  forgotPassword: '/forgot-password',
  createNewPassword: '/createnewpassword',
  userProfile: '/userprofile',
  interest: '/interest',
  userInterest: '/Userintrest',
  congratulation: '/congratulation',
  redirect: '/redirect',
  home: '/home',
  allSchedulePost: '/allschedulepost',
  allRecentPost: '/allrecentpost',
  postOverview: '/postoverview/:id',
  calender: '/calender',
  /** Bulk scheduling: posts imported from a CSV file. */
  bulkImport: '/posts/import',
  /** Each account's posting queue: its coming slots and its weekly posting schedule. */
  queue: '/queue',
  postDraft: '/postdraft',
  postDraftPage: '/postdraft/:page',
  /** The user's notifications (the bell leads here). */
  notifications: '/notifications',
  profile: '/profile',
  accountDetails: '/profile/updateprofile',
  address: '/profile/address',
  manageUsers: '/profile/manageusers',
  manageRoles: '/profile/managesubusersrole',
  assignPermissions: '/profile/assignpermissions',
  updateSubUser: '/profile/updatesubuser',
  changePassword: '/profile/updatepassword',
  /** The public API's keys. */
  apiKeys: '/profile/apikeys',
  notificationSettings: '/profile/notification',
  /** The user's points and level (the hub's Virality Point). */
  pointWallet: '/profile/pointwallet',
  /** How points and levels work. */
  pointRule: '/pointrule',
  createSubUser: '/create-subuser',
  setPassword: '/set-password',
  addSocialMedia: '/addsocialmedia',
  socialReturn: '/social/return',
  message: '/message',
  pricing: '/pricing',
  profilePricing: '/profile/pricing',
  pricingSuccess: '/pricing/success',
  paymentFailed: '/pricing/payment-failed',
  /** Where an older client's payment comes back with ?token=: the order's confirmation. */
  paymentReturn: '/payment/return',
  /**
   * Campaigns: an owner's list, the create form, one campaign, its report (its owner's: posts, figures, spend), and
   * those an influencer is tagged in.
   */
  campaigns: '/campaigns',
  createCampaign: '/createcampaignb',
  campaign: '/campaign/:id',
  campaignReport: '/campaign/:id/report',
  tagged: '/tagged',
  /** Money: the wallet (its balance and Withdraw for influencers, and the list of payments), and one payment of a brand's. */
  wallet: '/profile/wallet',
  /** An older link to the wallet: it goes to /profile/wallet. */
  transactions: '/transactions',
  transactionDetail: '/transactiondetail/:id',
  /** The founders page (the public header's Team). */
  team: '/team',
  /** The news room: three of each kind, every article by type and year, one article. */
  newsRoom: '/news-room',
  allNews: '/news-room/all-news',
  newsArticle: '/news-room/all-news/:id',
  /** The help and legal pages: public, and again inside the profile hub. */
  terms: '/terms',
  privacyPolicy: '/privacypolicy',
  /** An older link to the privacy policy: it goes to /privacypolicy. */
  pop: '/pop',
  helpSupport: '/help-support',
  profilePrivacyPolicy: '/profile/privacypolicy',
  profileSupport: '/profile/support',
  profileFaq: '/profile/faq',
  error: '/error',
  /** The admin console (ADMIN only); its sections are under it (features/admin/sections.tsx). */
  admin: '/admin',
} as const;
