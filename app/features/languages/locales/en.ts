// English: the source language. Every other file in this folder has exactly these keys and, in
// each string, the same {{placeholders}} and <tags> (locales.test.ts). English strings are the
// spec's and the tests' wording: change them only with the spec.
const en = {
  capture: {
    form: {
      label: "Claim your offer",
      name: "Full Name *",
      email: "Email Address *",
      phone: "Phone Number",
      submit: "Claim My Offer",
      submitting: "Submitting...",
      honeypot: "Leave this field empty",
      invitation: "Leave your name and email to get your code. Show it at the counter to redeem this offer.",
      consentRequiredNote: "Ticking the box is required to claim this offer.",
      privacy: "Privacy",
      logoAlt: "{{business}} logo",
      language: "Language",
    },
    consent: {
      notice: "By submitting this form, you agree to receive marketing communications from us. You can unsubscribe at any time.",
      checkbox: "I agree to receive marketing emails from {{business}}. I can withdraw my consent at any time.",
      doubleOptInHint: "We will email you a link to confirm. Nothing is sent to you until you confirm.",
      required: "Please tick the box to claim this offer.",
    },
    validation: {
      nameRequired: "Please enter your full name",
      nameTooLong: "Name must be at most {{max}} characters",
      emailRequired: "Please enter your email address",
      emailInvalid: "Please enter a valid email address",
      phoneTooLong: "Phone number must be at most {{max}} characters",
      phoneInvalid: "Please enter a valid phone number",
    },
    errors: {
      invalidCampaign: "Submission Error: Invalid campaign ID",
      notLoaded: "Submission Error: Campaign data not loaded",
      inactive: "Submission Error: This campaign is no longer active",
      failed: "Submission Error: Failed to submit your information. Please try again.",
      expired: "Submission Error: Failed to submit: this page has expired. Please reload it and try again.",
      rateLimited: "Submission Error: Too many attempts. Please wait a moment and try again.",
      networkBusy:
        "Submission Error: Failed to submit: many people on your network have just claimed this offer. Please try again in {{minutes}} min or ask the staff for help.",
      shortLinkRefused: "Too many links that do not exist were opened from your network. Please wait a few minutes and try again.",
      shortLinkRefusedOnSubmit:
        "Submission Error: Too many links that do not exist were opened from your network. Please wait a few minutes and try again.",
      waitTitle: "Please wait a moment",
      unexpectedTitle: "Something went wrong",
      unexpectedBody: "We could not load this offer right now. Please try again in a moment.",
      plainFailed: "Something went wrong. Please try again.",
    },
    busy: {
      title: "One moment…",
      body: "This offer is very popular right now. We will try again in a few seconds.",
      retry: "Try again now",
    },
    notFound: {
      pageTitle: "Campaign Not Found",
      title: "Campaign Loading Error: Campaign Not Found",
      body: "The QR code you scanned is not valid or has expired.",
      box: "Campaign not found or inactive",
    },
    limit: {
      title: "Scan Limit Reached!",
      body: "This campaign has reached its free scan limit.",
      current: "Current scans:",
      upgradeFor: "Upgrade to Pro for:",
      benefitScans: "Unlimited QR code scans",
      benefitCampaigns: "Unlimited campaigns",
      benefitAnalytics: "Advanced analytics",
      benefitBranding: "Custom branding",
      benefitSupport: "Priority support",
      upgrade: "Upgrade to Pro - {{price}}/month",
    },
    thanks: {
      title: "Thank You!",
      updates: "Keep an eye on your email for exclusive offers and updates from <strong>{{business}}</strong>",
      checkEmail: "Please check your inbox and confirm your email address.",
      alreadyClaimed: "This offer was already claimed with this email address.",
      alreadyClaimedSent: "This offer was already claimed with this email address. We sent the code to that address.",
      codeSent: "Your offer code is in the email we sent you.",
      codeNotSent: "We could not email your offer code just now. Please try again later.",
    },
    claim: {
      show: "Show this at the counter",
      qrLabel: "QR code of your offer code",
      validUntil: "Valid until {{date}}",
      noExpiry: "No expiry",
    },
  },
  visitor: {
    privacy: {
      title: "Privacy",
      collects:
        "<strong>{{business}}</strong> collects the name, email address and (if you give it) phone number you enter on this page, to give you the offer and, if you agreed, to send you marketing emails.",
      records:
        "When you submit the form we also record what you agreed to, when, your IP address and your browser, so that {{business}} can show that you agreed.",
      cookie:
        "To count how many people open this offer, this page sets one cookie, <code>{{cookie}}</code>, holding a random number and nothing about you. It lets a second visit from the same browser be counted once and keeps scripts from faking visitors. It lasts {{days}} days, is only ever sent back to this site, and is never shared or used to follow you elsewhere. What is stored with a visit is a code made from it that changes every day. When you claim the offer, another code made from it is kept with your details, so that this browser shows you your offer code again when you come back.",
      noCookie:
        "This page sets no cookie. To count how many people open this offer, a visit is recognised by a code made from your IP address and browser that changes every day; neither is stored.",
      languageCookie:
        "If you choose a language with the globe at the top of the page, a second cookie, <code>{{cookie}}</code>, remembers that choice and nothing else.",
      processor:
        "LeadQR runs this page and stores these details on behalf of {{business}}, as its processor. Your details are not sold or shared with anyone else.",
      processorUnbranded:
        "The service that runs this page stores these details on behalf of {{business}}, as its processor. Your details are not sold or shared with anyone else.",
      rights:
        "You can withdraw your consent at any time with the link in any email you receive, and you can ask {{business}} for a copy of your data or for its erasure.",
      errorBody: "Please try again in a moment.",
    },
    confirm: {
      pageTitle: "Confirm your consent",
      doneTitle: "Thank you, you are confirmed",
      doneBody: "Your consent is confirmed. You can withdraw it at any time with the link in the email.",
      invalidTitle: "This link no longer works",
      invalidBody: "It was already used, has expired (links work for {{days}} days) or consent was withdrawn. Nothing else is needed.",
      askTitle: "Confirm your consent",
      askBody: "Press the button to confirm that you want to receive marketing emails.",
      button: "Confirm",
    },
    withdraw: {
      pageTitle: "Withdraw your consent",
      doneTitle: "Consent withdrawn",
      doneBody: "You will not receive marketing emails from this business through LeadQR.",
      doneBodyUnbranded: "You will not receive marketing emails from this business any more.",
      invalidTitle: "This link does not work",
      invalidBody: "It may have been copied incompletely, or the data was already erased.",
      askTitle: "Withdraw your consent",
      askBody: "Press the button and you will receive no more marketing emails from this business.",
      button: "Withdraw consent",
    },
  },
  email: {
    confirmation: {
      subject: "Please confirm: emails from {{business}}",
      intro: "You asked to receive marketing emails from {{business}}. You agreed to:",
      confirmLink: "Confirm my consent",
      confirmLinkNote: "(this link works once, for {{days}} days).",
      confirmText: "Confirm my consent (works once, for {{days}} days): {{url}}",
      notYou: "If this was not you, ignore this email: you will not be emailed again.",
      withdrawLink: "Withdraw my consent",
    },
    offerCode: {
      subject: "Your offer code from {{business}}",
      claimedIntro: "Thanks for claiming the offer of {{business}}. Here is your code:",
      claimedOutro: "If you did not claim this offer, ignore this email.",
      againIntro: "Someone claimed the offer of {{business}} again with this email address. Here is the code it already has:",
      againOutro: "If this was not you, ignore this email: nothing else will be sent.",
      codeTitle: "Your offer code",
    },
    footer: {
      sentBy: "Sent by LeadQR on behalf of {{business}}.",
      sentFor: "Sent on behalf of {{business}}.",
    },
  },
  print: {
    /** The printed call to action next to the code; the offer stands above it on its own. */
    cta: "Scan to claim this offer",
  },
};

export default en;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** What every language file provides: English's keys, each a string. */
export type Messages = Shape<typeof en>;
export type Namespace = keyof Messages;
