// The owner's screens, English: the source every other owner catalogue (de/, ar/, …) must match
// key for key (owner-locales.test.ts). A namespace per area; a key is a path, never a sentence.
// These strings are the spec's and the tests' wording: change them only with the spec.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { enAddress } from "./en-address";
import { enPrintCheck } from "./en-print-check";
import { enAuth } from "./en-auth";
import { enCampaign } from "./en-campaign";
import { enAdmin } from "./en-admin";
import { enAlerts } from "./en-alerts";
import { enRefusals } from "./en-refusals";
import { enSettings } from "./en-settings";
import { enSummary } from "./en-summary";
import { enLocations } from "./en-locations";
import { enTeam } from "./en-team";
import { enEmails } from "./en-emails";
import { enApiDocs } from "./en-api-docs";
import { enBlog } from "./en-blog";
import { enLanding } from "./en-landing";
import { enPricing } from "./en-pricing";
import { enAnalytics } from "./en-analytics";
import { enParts } from "./en-parts";
import { enSentences } from "./en-sentences";
import { enLeads } from "./en-leads";

const en = {
  common: {
    never: "Never",
  },
  copy: {
    named: "Copy {{label}}",
    copied: "Copied",
    copy: "Copy",
    copiedNamed: "{{label}} copied",
    failed: "Could not copy {{label}}; select it and copy by hand",
  },
  nav: {
    home: "LeadQR",
    main: "Main",
    dashboard: "Dashboard",
    campaigns: "Campaigns",
    leads: "Leads",
    redeem: "Redeem",
    blog: "Blog",
    pricing: "Pricing",
    admin: "Admin",
    settings: "Settings",
    myNotifications: "My notifications",
    mySignIn: "Sign-in and passkeys",
    signIn: "Sign In",
    getStarted: "Get Started",
    signOut: "Sign Out",
    toggleMenu: "Toggle menu",
    userMenu: "User menu: ",
    plan: "{{plan}} plan",
    switchBusiness: "Switch business: ",
    yourBusiness: "Your business",
    currentBusiness: "current",
  },
  dashboard: {
    title: "Dashboard",
    pageTitle: "Dashboard · LeadQR",
    description: "Your campaigns, scans and leads at a glance.",
    newCampaign: "New Campaign",
    loadFailed: "Your statistics could not be loaded just now. Please refresh the page in a moment.",
    stats: {
      totalLeads: "Total Leads",
      totalScans: "Total Scans",
      activeCampaigns: "Active Campaigns",
      conversionRate: "Conversion Rate",
      freeScansUsed: "Free Scans Used",
    },
    funnel: {
      title: "From scan to sale",
      redeem: "Redeem a code",
    },
    redemptions: {
      title: "Who redeemed, and where",
      byLocation: "Redemptions by location",
      byPerson: "Redemptions by staff member",
      location: "Location",
      person: "Redeemed by",
      noLocation: "No location",
      unknown: "Not recorded",
      lastWeek: "Last 7 days",
      lastMonth: "Last 30 days",
    },
    recent: {
      title: "Recent Campaigns",
      viewAll: "View All",
      deleteConfirmation: "Are you sure you want to delete this campaign?",
      empty: "No campaigns yet",
      emptyHint: "Create a QR campaign to start collecting leads.",
      createFirst: "Create First Campaign",
      emptyMember: "No campaign has a placement at your locations yet.",
    },
    location: { label: "Location", apply: "Show" },
    gettingStarted: {
      title: "Getting started",
      intro: "Four steps to your first lead. Your chart appears here once leads come in.",
      done: " (done)",
      toDo: " (to do)",
      create: { label: "Create a campaign", hint: "Your offer, your page and its QR code.", action: "Create campaign" },
      print: {
        label: "Print your code",
        hint: "Put it where customers wait: the counter, the table, the window.",
        action: "Print and test",
      },
      scan: { label: "Get your first scan", hint: "Test it now: scan the code with your phone." },
      lead: { label: "Get your first lead", hint: "A visitor claims your offer; you get an email." },
    },
    latestLeads: { title: "Latest leads", viewAll: "All leads", empty: "No leads yet: they appear here as visitors claim your offer." },
    chart: {
      title: "Leads & Scans Overview",
      caption: "Leads and scans per day, last 7 days",
      date: "Date",
      leads: "Leads",
      scans: "Scans",
    },
  },
  ...enLeads,
  campaigns: {
    title: "Campaigns",
    pageTitle: "Campaigns · LeadQR",
    description: "Create, manage and track your QR campaigns.",
    newCampaign: "New Campaign",
    summary: { total: "Total Campaigns", active: "Active", scans: "Total Scans", leads: "Total Leads" },
    filters: {
      search: "Search campaigns",
      searchPlaceholder: "Search campaigns...",
      status: "Status",
      all: "All Status",
      active: "Active",
      paused: "Paused",
      draft: "Draft",
      submit: "Filter",
    },
    empty: "No campaigns yet",
    emptyHint: "Create your first QR campaign to start capturing leads.",
    emptyHintMember: "A campaign shows here once the owner puts its code up at one of your locations.",
    createFirst: "Create First Campaign",
    noMatches: "No campaigns match your filters",
    noMatchesHint: "Try another search or status.",
    deleteConfirmation: "Are you sure you want to delete this campaign? This action cannot be undone.",
    notFound: { title: "Campaign not found", message: "This campaign does not exist or is not yours." },
    failed: { title: "Something went wrong", message: "We could not load your campaigns. Please try again." },
    back: "Back to campaigns",
    card: {
      status: { active: "Active", paused: "Paused", draft: "Draft" },
      actions: "Actions for {{campaign}}",
      viewDetails: "View Details",
      viewLandingPage: "View Landing Page",
      print: "Print",
      languages: "Languages",
      downloadPng: "Download PNG",
      downloadSvg: "Download SVG",
      edit: "Edit",
      pause: "Pause",
      activate: "Activate",
      delete: "Delete",
      deleteTitle: "Delete “{{campaign}}”?",
      deleteConfirm: "Delete campaign",
      // The owner may have typed or edited the copy: the label claims no author (issue 54).
      headline: "Headline",
      scans: "Scans",
      leads: "Leads",
      convert: "Convert",
      redeemed: "Redeemed: <strong>{{redeemed}}</strong> ({{rate}}% of leads)",
      viewPage: "View Page",
      qrCode: "QR Code",
      onlyAt: "Only at {{locations}}",
      atNoLocation: "At no location (its locations were deleted)",
    },
  },
  settings: {
    title: "Settings",
    pageTitle: "Settings · LeadQR",
    index: "Settings sections",
    summary: { title: "Morning summary" },
    description: "Manage your account, business details and subscription.",
    availableOnPro: "Available on Pro.",
    integrations: {
      title: "Integrations",
      description: "Mailchimp, Google Sheets, webhooks, API: your leads go to the tools you use as they arrive.",
      manage: "Manage integrations",
    },
    notifications: {
      title: "Notifications",
      description: "Lead alerts on Slack and Telegram, the morning summary, quiet hours, and what was sent.",
      manage: "Manage notifications",
    },
    domain: {
      title: "Your domain",
      description: "Your QR codes and capture pages on your own address, like go.mycafe.com.",
      manage: "Manage your domain",
    },
    team: {
      title: "Team",
      description: "Invite managers, staff and viewers; each signs in under their own name.",
      manage: "Manage team",
    },
    locations: {
      title: "Locations",
      description: "Name your shops, so each placement's code says where it is put up.",
      manage: "Manage locations",
    },
    signIn: {
      title: "Sign-in and passkeys",
      description: "Sign in with this device's fingerprint, face or screen lock instead of typing your password.",
      manage: "Manage passkeys",
    },
    profile: {
      title: "Profile",
      description: "Change your email or password. Your current password is required for either.",
      email: "Email",
      currentPassword: "Current password",
      newPassword: "New password",
      confirmPassword: "Confirm new password",
      save: "Save changes",
    },
    language: {
      title: "Language",
      description: "The language of your LeadQR screens. Until you choose one, they follow your browser.",
      label: "Language",
      browser: "As my browser",
      save: "Save",
    },
    business: {
      title: "Business",
      description: "Shown to visitors on your capture pages' thank-you screen.",
      name: "Business name",
      save: "Save",
    },
    subscription: {
      title: "Subscription",
      plan: "Plan",
      status: "Status",
      none: "No subscription",
      endsOn: "Ends on",
      renewsOn: "Renews on",
      paymentMethod: "Payment method",
      manageBilling: "Manage billing",
      upgrade: "Upgrade to Pro",
    },
    account: {
      title: "Account actions",
      export: "Export data",
      exportHint: "Export your leads as CSV from the Leads page.",
      delete: "Delete account",
      deleteExplanation:
        "This permanently deletes your account, campaigns, scans, leads and uploads, and cancels any subscription. This cannot be undone.",
      typeToConfirm: "Type {{word}} to confirm",
    },
    information: { title: "Account information", id: "Account ID", email: "Email", memberSince: "Member since" },
    sessions: {
      title: "Sessions",
      description: "Devices and browsers signed in to your account.",
      thisDevice: "This device",
      activeNow: "Active now",
      lastActive: "Last active {{when}} UTC",
      signOutOthers: "Sign out other sessions",
    },
    privacy: {
      title: "Privacy & retention",
      description: "Your capture pages show your business name with a Privacy link; emails to visitors carry your postal address.",
      postalAddress: "Business postal address",
      policyUrl: "Privacy policy URL",
      policyUrlPlaceholder: "https://example.com/privacy",
      policyUrlHint: "Leave empty to use a short default notice naming your business, and LeadQR as processor.",
      retention: "Delete leads older than (months)",
      retentionHint: "Off when empty (the default). A daily job deletes older leads with their consent records.",
      lastRun: "Last run: {{when}} UTC.",
      notRun: "Not run yet.",
      lastErasure: "Last erasure: {{when}} UTC ({{how}}).",
      byRetention: "{{leads}} by retention",
      onRequest: "on your request",
      save: "Save privacy settings",
    },
  },
  ...enCampaign,
  ...enParts,
  ...enAnalytics,
  ...enSentences,
  ...enSettings,
  ...enSummary,
  ...enAlerts,
  ...enAdmin,
  ...enAuth,
  ...enAddress,
  ...enPrintCheck,
  ...enTeam,
  ...enLocations,
  ...enEmails,
  landing: enLanding,
  pricing: enPricing,
  blog: enBlog,
  apiDocs: enApiDocs,
  ...enRefusals,
};

export type OwnerMessages = typeof en;
export default en;
