import type { Messages } from "./en";

// French: the visitor is addressed as "vous".
const fr: Messages = {
  capture: {
    form: {
      label: "Obtenez votre offre",
      name: "Nom complet *",
      email: "Adresse e-mail *",
      phone: "Numéro de téléphone",
      submit: "J’en profite",
      submitting: "Envoi en cours...",
      honeypot: "Laissez ce champ vide",
      invitation: "Indiquez votre nom et votre e-mail pour recevoir votre code. Présentez-le au comptoir pour profiter de cette offre.",
      consentRequiredNote: "Cocher la case est obligatoire pour obtenir cette offre.",
      privacy: "Confidentialité",
      logoAlt: "Logo de {{business}}",
      language: "Langue",
    },
    consent: {
      notice: "En envoyant ce formulaire, vous acceptez de recevoir nos communications commerciales. Vous pouvez vous désabonner à tout moment.",
      checkbox: "J’accepte de recevoir des e-mails commerciaux de {{business}}. Je peux retirer mon consentement à tout moment.",
      doubleOptInHint: "Nous vous enverrons un lien par e-mail pour confirmer. Vous ne recevrez rien tant que vous n’aurez pas confirmé.",
      required: "Veuillez cocher la case pour obtenir cette offre.",
    },
    validation: {
      nameRequired: "Veuillez indiquer votre nom complet",
      nameTooLong: "Le nom ne doit pas dépasser {{max}} caractères",
      emailRequired: "Veuillez indiquer votre adresse e-mail",
      emailInvalid: "Veuillez indiquer une adresse e-mail valide",
      phoneTooLong: "Le numéro de téléphone ne doit pas dépasser {{max}} caractères",
      phoneInvalid: "Veuillez indiquer un numéro de téléphone valide",
    },
    errors: {
      invalidCampaign: "Erreur d’envoi : identifiant de campagne non valide",
      notLoaded: "Erreur d’envoi : les données de la campagne n’ont pas pu être chargées",
      inactive: "Erreur d’envoi : cette campagne n’est plus active",
      failed: "Erreur d’envoi : vos informations n’ont pas pu être envoyées. Veuillez réessayer.",
      expired: "Erreur d’envoi : échec de l’envoi : cette page a expiré. Rechargez-la, puis réessayez.",
      rateLimited: "Erreur d’envoi : trop de tentatives. Patientez un instant, puis réessayez.",
      networkBusy:
        "Erreur d’envoi : échec de l’envoi : beaucoup de personnes sur votre réseau viennent de demander cette offre. Réessayez dans {{minutes}} min ou demandez de l’aide au personnel.",
      shortLinkRefused: "Trop de liens inexistants ont été ouverts depuis votre réseau. Patientez quelques minutes, puis réessayez.",
      shortLinkRefusedOnSubmit:
        "Erreur d’envoi : trop de liens inexistants ont été ouverts depuis votre réseau. Patientez quelques minutes, puis réessayez.",
      waitTitle: "Un instant, s’il vous plaît",
      unexpectedTitle: "Un problème est survenu",
      unexpectedBody: "Nous ne pouvons pas afficher cette offre pour le moment. Veuillez réessayer dans un instant.",
      plainFailed: "Une erreur s’est produite. Veuillez réessayer.",
    },
    busy: {
      title: "Un instant…",
      body: "Cette offre a beaucoup de succès en ce moment. Nous réessayons dans quelques secondes.",
      retry: "Réessayer maintenant",
    },
    notFound: {
      pageTitle: "Campagne introuvable",
      title: "Erreur de chargement : campagne introuvable",
      body: "Le QR code que vous avez scanné n’est pas valide ou a expiré.",
      box: "Campagne introuvable ou inactive",
    },
    limit: {
      title: "Limite de scans atteinte !",
      body: "Cette campagne a atteint sa limite de scans gratuits.",
      current: "Scans actuels :",
      upgradeFor: "Passez à Pro pour profiter de :",
      benefitScans: "Scans de QR codes illimités",
      benefitCampaigns: "Campagnes illimitées",
      benefitAnalytics: "Statistiques avancées",
      benefitBranding: "Votre propre image de marque",
      benefitSupport: "Assistance prioritaire",
      upgrade: "Passer à Pro – {{price}}/mois",
    },
    thanks: {
      title: "Merci !",
      updates: "Surveillez votre boîte mail : des offres exclusives et des nouvelles de <strong>{{business}}</strong> vous y attendent",
      checkEmail: "Veuillez consulter votre boîte de réception et confirmer votre adresse e-mail.",
      alreadyClaimed: "Cette offre a déjà été obtenue avec cette adresse e-mail.",
      alreadyClaimedSent: "Cette offre a déjà été obtenue avec cette adresse e-mail. Nous avons envoyé le code à cette adresse.",
      codeSent: "Votre code promo se trouve dans l’e-mail que nous vous avons envoyé.",
      codeNotSent: "Nous n’avons pas pu vous envoyer votre code par e-mail pour le moment. Veuillez réessayer plus tard.",
    },
    claim: {
      show: "Présentez-le au comptoir",
      qrLabel: "QR code de votre code promo",
      validUntil: "Valable jusqu’au {{date}}",
      noExpiry: "Sans date d’expiration",
    },
  },
  visitor: {
    privacy: {
      title: "Confidentialité",
      collects:
        "<strong>{{business}}</strong> collecte le nom, l’adresse e-mail et (si vous l’indiquez) le numéro de téléphone que vous saisissez sur cette page, pour vous remettre l’offre et, si vous l’avez accepté, vous envoyer des e-mails commerciaux.",
      records:
        "Lorsque vous envoyez le formulaire, nous enregistrons aussi ce que vous avez accepté, quand, votre adresse IP et votre navigateur, afin que {{business}} puisse prouver votre accord.",
      cookie:
        "Pour compter combien de personnes ouvrent cette offre, cette page dépose un cookie, <code>{{cookie}}</code>, qui contient un nombre aléatoire et rien sur vous. Il permet de ne compter qu’une fois une deuxième visite depuis le même navigateur et empêche des programmes de simuler des visiteurs. Il dure {{days}} jours, n’est renvoyé qu’à ce site et n’est jamais partagé ni utilisé pour vous suivre ailleurs. Avec chaque visite, on conserve un code calculé à partir de lui, qui change chaque jour. Lorsque vous obtenez l’offre, un autre code calculé à partir de lui est conservé avec vos informations, pour que ce navigateur vous montre à nouveau votre code promo quand vous revenez.",
      noCookie:
        "Cette page ne dépose aucun cookie. Pour compter combien de personnes ouvrent cette offre, une visite est reconnue grâce à un code calculé à partir de votre adresse IP et de votre navigateur, qui change chaque jour ; ni l’une ni l’autre n’est conservée.",
      languageCookie:
        "Si vous choisissez une langue avec le globe en haut de la page, un second cookie, <code>{{cookie}}</code>, mémorise ce choix et rien d’autre.",
      processor:
        "LeadQR gère cette page et conserve ces informations pour le compte de {{business}}, en tant que sous-traitant. Vos informations ne sont ni vendues ni communiquées à qui que ce soit d’autre.",
      processorUnbranded:
        "Le service qui gère cette page conserve ces informations pour le compte de {{business}}, en tant que sous-traitant. Vos informations ne sont ni vendues ni communiquées à qui que ce soit d’autre.",
      rights:
        "Vous pouvez retirer votre consentement à tout moment grâce au lien présent dans chaque e-mail que vous recevez, et vous pouvez demander à {{business}} une copie de vos données ou leur effacement.",
      errorBody: "Veuillez réessayer dans un instant.",
    },
    confirm: {
      pageTitle: "Confirmez votre consentement",
      doneTitle: "Merci, c’est confirmé",
      doneBody: "Votre consentement est confirmé. Vous pouvez le retirer à tout moment grâce au lien figurant dans l’e-mail.",
      invalidTitle: "Ce lien ne fonctionne plus",
      invalidBody:
        "Il a déjà été utilisé, il a expiré (les liens sont valables {{days}} jours) ou le consentement a été retiré. Vous n’avez rien d’autre à faire.",
      askTitle: "Confirmez votre consentement",
      askBody: "Appuyez sur le bouton pour confirmer que vous souhaitez recevoir des e-mails commerciaux.",
      button: "Confirmer",
    },
    withdraw: {
      pageTitle: "Retirez votre consentement",
      doneTitle: "Consentement retiré",
      doneBody: "Vous ne recevrez plus d’e-mails commerciaux de ce commerce par l’intermédiaire de LeadQR.",
      doneBodyUnbranded: "Vous ne recevrez plus d’e-mails marketing de cette entreprise.",
      invalidTitle: "Ce lien ne fonctionne pas",
      invalidBody: "Il a peut-être été copié de façon incomplète, ou les données ont déjà été effacées.",
      askTitle: "Retirez votre consentement",
      askBody: "Appuyez sur le bouton et vous ne recevrez plus d’e-mails commerciaux de ce commerce.",
      button: "Retirer mon consentement",
    },
  },
  email: {
    confirmation: {
      subject: "Merci de confirmer : e-mails de {{business}}",
      intro: "Vous avez demandé à recevoir des e-mails commerciaux de {{business}}. Vous avez accepté ceci :",
      confirmLink: "Confirmer mon consentement",
      confirmLinkNote: "(ce lien fonctionne une seule fois, pendant {{days}} jours).",
      confirmText: "Confirmer mon consentement (une seule fois, pendant {{days}} jours) : {{url}}",
      notYou: "Si ce n’était pas vous, ignorez cet e-mail : vous ne recevrez plus rien.",
      withdrawLink: "Retirer mon consentement",
    },
    offerCode: {
      subject: "Votre code promo de {{business}}",
      claimedIntro: "Merci d’avoir profité de l’offre de {{business}}. Voici votre code :",
      claimedOutro: "Si vous n’avez pas demandé cette offre, ignorez cet e-mail.",
      againIntro: "Quelqu’un a de nouveau demandé l’offre de {{business}} avec cette adresse e-mail. Voici le code qu’elle a déjà :",
      againOutro: "Si ce n’était pas vous, ignorez cet e-mail : rien d’autre ne vous sera envoyé.",
      codeTitle: "Votre code promo",
    },
    footer: {
      sentBy: "Envoyé par LeadQR pour le compte de {{business}}.",
      sentFor: "Envoyé pour le compte de {{business}}.",
    },
  },
  print: {
    cta: "Scannez pour profiter de cette offre",
  },
};

export default fr;
