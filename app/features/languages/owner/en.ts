// The owner's screens, English (decision 457): the source and, for now, the only language of the
// dashboard side. A namespace per area; a key is a path, never a sentence. These strings are the
// spec's and the tests' wording: change them only with the spec. Another language is a sibling file
// of the same shape (`satisfies OwnerMessages`) added to the instance in owner-language.ts.
const en = {
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
    signIn: "Sign In",
    getStarted: "Get Started",
    signOut: "Sign Out",
    toggleMenu: "Toggle menu",
    userMenu: "User menu: ",
    plan: "{{plan}} plan",
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
    recent: {
      title: "Recent Campaigns",
      viewAll: "View All",
      deleteConfirmation: "Are you sure you want to delete this campaign?",
      empty: "No campaigns yet",
      emptyHint: "Create a QR campaign to start collecting leads.",
      createFirst: "Create First Campaign",
    },
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
    chart: {
      title: "Leads & Scans Overview",
      caption: "Leads and scans per day, last 7 days",
      date: "Date",
      leads: "Leads",
      scans: "Scans",
    },
  },
};

export type OwnerMessages = typeof en;
export default en;
