// The owner's campaign screens, English (decision 457): the campaign page, its launch panel and the
// dashboard's banners. Spread into the catalogue in en.ts; same rules: a key is a path, and these
// strings are the spec's and the tests' wording.
export const enCampaign = {
  banners: {
    scanLimit: {
      action: "Upgrade for unlimited scans",
      usedAll: "has used all {{limit}} free scans: visitors now see an upgrade message instead of your offer.",
      used: "has used {{scans}} of its {{limit}} free scans.",
    },
    campaignLimit: {
      title: "Campaign Limit Reached:",
      upgradeHint: "Upgrade to Pro to create unlimited campaigns and unlock premium or advanced features.",
      action: "Upgrade to Pro",
    },
    syncBroken: {
      stopped: "Lead sync to {{provider}} has stopped.",
      waiting: "Leads wait here until it is fixed.",
      fix: "Fix lead sync",
    },
  },
  campaignPage: {
    pageTitle: "{{campaign}} · LeadQR",
    fallbackTitle: "Campaign",
    back: "Back to campaigns",
    languages: "Languages",
    edit: "Edit",
    funnel: {
      title: "From scan to sale",
      note: "All time. Leads shows the share of different people who left their details.",
    },
    qr: {
      title: "QR Code",
      alt: "QR code for {{campaign}}",
      print: "Print",
      explanation:
        "The printed code opens your page marked as a QR scan. To share by message or online, use the link below: those visits count as link visits.",
      downloadPng: "Download PNG",
      downloadSvg: "Download SVG",
      printPng: "PNG for print ({{size}} px)",
      viewPage: "View Page",
    },
    copy: {
      title: "Offer and copy",
      offer: "Offer",
      condition: "Condition",
      headline: "AI-Generated Headline:",
      thankYou: "Thank-you message",
      created: "Created",
    },
    analytics: {
      title: "Analytics",
      showing: "Showing the {{range}}.",
      customRange: "{{from}} to {{to}}",
      lastDays: "last {{days}} days",
      devices: "Devices",
      systems: "Operating systems",
      notCounted: "What is not counted, and why",
      inRange: " ({{number}} in this range)",
      counting:
        "A visit is a person loading the page; the same browser again within 30 minutes is not a new visit. Different people are browsers counted once a day: the page gives each browser a random visitor id in a cookie, and what is kept is a code made from it that changes every day, so nothing that identifies a visitor is stored. Leads ÷ all visits in this range: <rate>{{rate}}%</rate>.",
      exclusionLabels: {
        preview: "Link previews",
        bot: "Bots",
        head: "HEAD requests",
        prefetch: "Prefetches",
        repeat: "Repeats",
        owner: "You",
        burst: "Burst from one address",
      },
    },
    notFound: { title: "Campaign not found", message: "This campaign does not exist or is not yours." },
    failed: { title: "Something went wrong", message: "Please try again in a moment." },
  },
  live: {
    printIt: "Print it",
    postalAddress: "Marketing emails to your visitors need your business's postal address.",
    addInSettings: "Add it in Settings",
    title: "Your campaign is live",
    intro: "Anyone who scans the code of {{campaign}} now sees your offer. Here is what to do next.",
    print: { title: "1. Print it", hint: "Put the code where customers wait: the counter, the table, the window." },
    test: { title: "2. Test it now", hint: "Scan this with your phone:", alt: "QR code for {{campaign}}" },
    link: {
      title: "3. Copy the link",
      hint: "For a message, your website or social media.",
      label: "Campaign link",
      copy: "Copy link",
      copied: "Link copied",
      failed: "Select the link above and copy it.",
    },
  },
};
