// The words of the pages a person opens from a link (the share page, the newsletter's confirm and
// unsubscribe pages) in each language a page can be shown in. The BMI categories and the figures' locale
// come from the report mail's texts, so a page says them as the mail does.
import type { ReportLanguage } from '@bodymetrics/contracts';
import { labelIn, reportTexts } from '../report/report-texts';

export interface PageTexts {
  /** The value of `<html lang>`. */
  lang: ReportLanguage;
  backHome: string;
  share: {
    /** Title of a shared card's page; category is the engine's (English) one, shown in the page's words. */
    cardTitle: (bmi: number, category: string) => string;
    cardAlt: (bmi: number, category: string) => string;
    defaultTitle: string;
    description: string;
    calculate: string;
  };
  confirm: {
    usedTitle: string;
    used: string[];
    expiredTitle: string;
    expired: string[];
    unknownTitle: string;
    unknown: string[];
    askTitle: string;
    ask: (email: string) => string[];
    button: string;
    doneTitle: string;
    done: (email: string) => string[];
  };
  unsubscribe: {
    unknownTitle: string;
    unknown: string[];
    doneTitle: string;
    done: (email: string) => string[];
  };
}

/** The BMI to one decimal and its category in the language's own words and number format. */
function bmiWords(language: ReportLanguage) {
  const texts = reportTexts(language);
  const oneDecimal = new Intl.NumberFormat(texts.locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (bmi: number, category: string) => ({
    bmi: oneDecimal.format(bmi),
    category: labelIn(texts, category),
  });
}

const enBmi = bmiWords('en');
const en: PageTexts = {
  lang: 'en',
  backHome: 'Back to BodyMetrics',
  share: {
    cardTitle: (bmi, category) => {
      const w = enBmi(bmi, category);
      return `My BMI is ${w.bmi} (${w.category}) — check yours on BodyMetrics`;
    },
    cardAlt: (bmi, category) => {
      const w = enBmi(bmi, category);
      return `BMI ${w.bmi}, ${w.category} — BodyMetrics`;
    },
    defaultTitle: 'BodyMetrics — free BMI and health calculator',
    description: 'Calculate your BMI, body fat, daily energy need and metabolic age free with BodyMetrics.',
    calculate: 'Calculate your BMI free on BodyMetrics',
  },
  confirm: {
    usedTitle: 'This confirmation link has already been used',
    used: [
      'The subscription it was sent for has been confirmed. Each link works once.',
      'To stop the newsletter, use the unsubscribe link at the bottom of any BodyMetrics e-mail.',
    ],
    expiredTitle: 'This confirmation link has expired',
    expired: [
      'You have not been subscribed to the BodyMetrics newsletter.',
      'To subscribe, tick the newsletter box the next time you request your health report; the e-mail will carry a new link.',
    ],
    unknownTitle: 'This confirmation link is not valid',
    unknown: [
      'The link may be incomplete, or it expired and was removed. Please open the full link from the e-mail you received.',
    ],
    askTitle: 'Confirm your newsletter subscription',
    ask: (email) => [
      `Press the button to subscribe ${email} to the BodyMetrics newsletter with health tips and offers.`,
      'If you did not ask for it, close this page: nothing happens without your confirmation.',
    ],
    button: 'Confirm my subscription',
    doneTitle: 'Your subscription is confirmed',
    done: (email) => [
      `${email} will receive the BodyMetrics newsletter. Every newsletter contains an unsubscribe link.`,
    ],
  },
  unsubscribe: {
    unknownTitle: 'This unsubscribe link is not valid',
    unknown: ['The link may be incomplete. Please open the full link from the e-mail you received.'],
    doneTitle: 'You have been unsubscribed.',
    done: (email) => [`${email} will not receive the BodyMetrics newsletter any more.`],
  },
};

const roBmi = bmiWords('ro');
const ro: PageTexts = {
  lang: 'ro',
  backHome: 'Înapoi la BodyMetrics',
  share: {
    cardTitle: (bmi, category) => {
      const w = roBmi(bmi, category);
      return `IMC-ul meu este ${w.bmi} (${w.category}) — află-l pe al tău pe BodyMetrics`;
    },
    cardAlt: (bmi, category) => {
      const w = roBmi(bmi, category);
      return `IMC ${w.bmi}, ${w.category} — BodyMetrics`;
    },
    defaultTitle: 'BodyMetrics — calculator gratuit de IMC și sănătate',
    description:
      'Calculează gratuit cu BodyMetrics IMC-ul, grăsimea corporală, necesarul zilnic de energie și vârsta metabolică.',
    calculate: 'Calculează-ți gratuit IMC-ul pe BodyMetrics',
  },
  confirm: {
    usedTitle: 'Acest link de confirmare a fost deja folosit',
    used: [
      'Abonarea pentru care a fost trimis a fost confirmată. Fiecare link funcționează o singură dată.',
      'Pentru a nu mai primi newsletterul, folosește linkul de dezabonare de la finalul oricărui e-mail BodyMetrics.',
    ],
    expiredTitle: 'Acest link de confirmare a expirat',
    expired: [
      'Nu ai fost abonat la newsletterul BodyMetrics.',
      'Pentru a te abona, bifează căsuța newsletterului data viitoare când ceri raportul de sănătate; e-mailul va conține un link nou.',
    ],
    unknownTitle: 'Acest link de confirmare nu este valid',
    unknown: [
      'Linkul poate fi incomplet sau a expirat și a fost șters. Te rugăm să deschizi linkul complet din e-mailul primit.',
    ],
    askTitle: 'Confirmă abonarea la newsletter',
    ask: (email) => [
      `Apasă butonul pentru a abona ${email} la newsletterul BodyMetrics cu sfaturi de sănătate și oferte.`,
      'Dacă nu l-ai cerut, închide această pagină: nu se întâmplă nimic fără confirmarea ta.',
    ],
    button: 'Confirm abonarea',
    doneTitle: 'Abonarea ta este confirmată',
    done: (email) => [
      `${email} va primi newsletterul BodyMetrics. Fiecare newsletter conține un link de dezabonare.`,
    ],
  },
  unsubscribe: {
    unknownTitle: 'Acest link de dezabonare nu este valid',
    unknown: ['Linkul poate fi incomplet. Te rugăm să deschizi linkul complet din e-mailul primit.'],
    doneTitle: 'Te-ai dezabonat.',
    done: (email) => [`${email} nu va mai primi newsletterul BodyMetrics.`],
  },
};

const TEXTS: Record<ReportLanguage, PageTexts> = { en, ro };

export const pageTexts = (language: ReportLanguage): PageTexts => TEXTS[language];
