// The template copy's words in every page language. `{value}` is the owner's offer or condition,
// always after a colon and never inside a sentence, so any offer reads well there
// (docs/features/visitor-languages.md); template-copy.test.ts reads every one with real offers.
import type { Language } from "~/features/languages/languages";

export type Kind = "food" | "beauty" | "fitness" | "retail" | "other";

export type TemplateWords = {
  /** Per kind of business: a headline ending in ": {value}" (the offer). */
  headline: Record<Kind, string>;
  opening: string;
  offer: string;
  condition: string;
  closing: Record<Kind, string>;
};

export const TEMPLATE_WORDS: Record<Language, TemplateWords> = {
  en: {
    headline: {
      food: "Something delicious for you: {value}",
      beauty: "Time to treat yourself: {value}",
      fitness: "Start your fitness journey: {value}",
      retail: "A little something for you: {value}",
      other: "A thank-you just for you: {value}",
    },
    opening: "Thanks for signing up!",
    offer: "Your offer: {value}.",
    condition: "Condition: {value}.",
    closing: {
      food: "We look forward to serving you something delicious soon.",
      beauty: "We can't wait to pamper you.",
      fitness: "Let's reach your goals together. See you soon!",
      retail: "Happy shopping, we'll see you soon.",
      other: "We can't wait to welcome you.",
    },
  },
  es: {
    headline: {
      food: "Algo delicioso para ti: {value}",
      beauty: "Date un capricho: {value}",
      fitness: "Empieza a ponerte en forma: {value}",
      retail: "Un detalle para ti: {value}",
      other: "Un agradecimiento solo para ti: {value}",
    },
    opening: "¡Gracias por registrarte!",
    offer: "Tu oferta: {value}.",
    condition: "Condición: {value}.",
    closing: {
      food: "Te esperamos pronto con algo delicioso.",
      beauty: "Estamos deseando mimarte.",
      fitness: "Alcancemos juntos tus objetivos. ¡Hasta pronto!",
      retail: "¡Felices compras! Nos vemos pronto.",
      other: "Estamos deseando darte la bienvenida.",
    },
  },
  fr: {
    headline: {
      food: "Un délice rien que pour vous : {value}",
      beauty: "Faites-vous plaisir : {value}",
      fitness: "Lancez votre remise en forme : {value}",
      retail: "Un petit cadeau pour vous : {value}",
      other: "Un merci rien que pour vous : {value}",
    },
    opening: "Merci pour votre inscription !",
    offer: "Votre offre : {value}.",
    condition: "Condition : {value}.",
    closing: {
      food: "Nous avons hâte de vous régaler.",
      beauty: "Nous avons hâte de prendre soin de vous.",
      fitness: "Atteignons vos objectifs ensemble. À bientôt !",
      retail: "Bon shopping, à bientôt !",
      other: "Nous avons hâte de vous accueillir.",
    },
  },
  de: {
    headline: {
      food: "Etwas Köstliches für Sie: {value}",
      beauty: "Gönnen Sie sich etwas: {value}",
      fitness: "Starten Sie durch: {value}",
      retail: "Eine kleine Freude für Sie: {value}",
      other: "Ein Dankeschön nur für Sie: {value}",
    },
    opening: "Danke für Ihre Anmeldung!",
    offer: "Ihr Angebot: {value}.",
    condition: "Bedingung: {value}.",
    closing: {
      food: "Wir freuen uns darauf, Sie bald mit etwas Köstlichem zu verwöhnen.",
      beauty: "Wir freuen uns darauf, Sie zu verwöhnen.",
      fitness: "Erreichen wir Ihre Ziele gemeinsam. Bis bald!",
      retail: "Viel Freude beim Einkaufen, bis bald!",
      other: "Wir freuen uns darauf, Sie bei uns begrüßen zu dürfen.",
    },
  },
  pt: {
    headline: {
      food: "Algo delicioso para si: {value}",
      beauty: "Mime-se: {value}",
      fitness: "Comece a cuidar da sua forma: {value}",
      retail: "Um miminho para si: {value}",
      other: "Um agradecimento só para si: {value}",
    },
    opening: "Obrigado pela sua inscrição!",
    offer: "A sua oferta: {value}.",
    condition: "Condição: {value}.",
    closing: {
      food: "Esperamos servir-lhe algo delicioso em breve.",
      beauty: "Mal podemos esperar para cuidar de si.",
      fitness: "Vamos alcançar os seus objetivos juntos. Até breve!",
      retail: "Boas compras, até breve!",
      other: "Esperamos pela sua visita em breve.",
    },
  },
  it: {
    headline: {
      food: "Qualcosa di delizioso per te: {value}",
      beauty: "Concediti una coccola: {value}",
      fitness: "Inizia il tuo percorso di fitness: {value}",
      retail: "Un pensiero per te: {value}",
      other: "Un ringraziamento solo per te: {value}",
    },
    opening: "Grazie per la tua iscrizione!",
    offer: "La tua offerta: {value}.",
    condition: "Condizione: {value}.",
    closing: {
      food: "Non vediamo l'ora di servirti qualcosa di delizioso.",
      beauty: "Non vediamo l'ora di coccolarti.",
      fitness: "Raggiungiamo insieme i tuoi obiettivi. A presto!",
      retail: "Buono shopping, a presto!",
      other: "Non vediamo l'ora di darti il benvenuto.",
    },
  },
  nl: {
    headline: {
      food: "Iets lekkers voor jou: {value}",
      beauty: "Verwen jezelf: {value}",
      fitness: "Werk aan je conditie: {value}",
      retail: "Een kleinigheid voor jou: {value}",
      other: "Een bedankje speciaal voor jou: {value}",
    },
    opening: "Bedankt voor je aanmelding!",
    offer: "Je aanbieding: {value}.",
    condition: "Voorwaarde: {value}.",
    closing: {
      food: "We kijken ernaar uit je binnenkort iets lekkers te serveren.",
      beauty: "We kijken ernaar uit je te verwennen.",
      fitness: "Samen bereiken we je doelen. Tot snel!",
      retail: "Veel winkelplezier, tot snel!",
      other: "We kijken ernaar uit je te verwelkomen.",
    },
  },
  ar: {
    headline: {
      food: "شيء لذيذ من أجلك: {value}",
      beauty: "دلّل نفسك: {value}",
      fitness: "ابدأ رحلتك نحو اللياقة: {value}",
      retail: "هدية صغيرة من أجلك: {value}",
      other: "شكر خاص لك: {value}",
    },
    opening: "شكرًا لتسجيلك!",
    offer: "عرضك: {value}.",
    condition: "الشرط: {value}.",
    closing: {
      food: "نتطلع إلى أن نقدّم لك شيئًا لذيذًا قريبًا.",
      beauty: "نتطلع إلى الاعتناء بك.",
      fitness: "لنحقق أهدافك معًا. نراك قريبًا!",
      retail: "تسوقًا ممتعًا، نراك قريبًا!",
      other: "نتطلع إلى الترحيب بك قريبًا.",
    },
  },
};
