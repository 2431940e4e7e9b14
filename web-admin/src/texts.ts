// Every Romanian sentence of the operator's dashboard in one place, so the wording stays consistent
// and tests can name the exact text a user sees.
export const loginTexts = {
  heading: 'Panou de administrare',
  intro: 'Autentifică-te pentru a vedea analizele BodyMetrics.',
  username: 'Nume utilizator',
  password: 'Parolă',
  submit: 'Autentificare',
  submitting: 'Se autentifică…',
  successTitle: 'Autentificare reușită',
  welcome: (username: string) => `Bine ai revenit, ${username}!`,
  failureTitle: 'Autentificare eșuată',
  badCredentials: 'Nume de utilizator sau parolă incorecte',
  rateLimitedTitle: 'Prea multe încercări',
  rateLimited: 'Ai încercat de prea multe ori. Așteaptă câteva minute și încearcă din nou.',
  unexpected: 'A apărut o eroare. Încearcă din nou.',
  loggedOut: 'Te-ai deconectat',
  loggedOutDetail: 'Sesiunea a fost închisă.',
  sessionExpiredTitle: 'Sesiunea a expirat',
  sessionExpired: 'Autentifică-te din nou pentru a continua.',
  checkingSession: 'Se verifică sesiunea…',
} as const;

/** The sign-in's second step, the enrolment of the second factor and its recovery codes. */
export const twoFactorTexts = {
  codeLabel: 'Cod de verificare',
  codeIntro:
    'Introdu codul de 6 cifre din aplicația de autentificare sau unul dintre codurile de recuperare.',
  verify: 'Verifică',
  verifying: 'Se verifică…',
  backToPassword: 'Înapoi la parolă',
  invalidCode: 'Cod incorect sau deja folosit',
  signInExpired: 'Autentificarea a expirat. Introdu din nou parola.',
  heading: 'Autentificare în doi pași',
  requiredIntro:
    'Pentru acest panou este obligatorie autentificarea în doi pași. Configureaz-o acum pentru a continua.',
  explanation:
    'La autentificare, pe lângă parolă, ți se cere un cod din aplicația de autentificare (de exemplu Google Authenticator, Aegis sau 1Password).',
  enabled: (left: number) => `Activă. Coduri de recuperare rămase: ${left}.`,
  disabled: 'Inactivă.',
  start: 'Activează',
  starting: 'Se pregătește…',
  scan: 'Scanează codul QR cu aplicația de autentificare, apoi introdu codul de 6 cifre afișat de ea.',
  qrAlt: 'Cod QR pentru aplicația de autentificare',
  manualKey: 'Sau introdu manual cheia:',
  confirm: 'Confirmă',
  confirmedTitle: 'Autentificarea în doi pași este activă',
  recoveryHeading: 'Coduri de recuperare',
  recoveryIntro:
    'Păstrează aceste coduri într-un loc sigur. Fiecare funcționează o singură dată, dacă nu ai acces la aplicație. Nu vor mai fi afișate.',
  recoveryDone: 'Am salvat codurile',
  disableLabel: 'Cod de verificare pentru dezactivare',
  disable: 'Dezactivează',
  disabledTitle: 'Autentificarea în doi pași a fost dezactivată',
  requiredCannotDisable: 'Autentificarea în doi pași este obligatorie și nu poate fi dezactivată.',
  loadFailed: 'Starea autentificării în doi pași nu a putut fi citită.',
} as const;

export const forgotPasswordTexts = {
  toggle: 'Ai uitat parola?',
  heading: 'Resetează parola',
  intro: 'Introdu adresa de e-mail a contului de administrator și îți trimitem un link de resetare.',
  email: 'Adresă de e-mail',
  submit: 'Trimite linkul de resetare',
  submitting: 'Se trimite…',
  cancel: 'Înapoi la autentificare',
  // Always the same words, whether or not the address belongs to an admin.
  confirmation:
    'Dacă adresa aparține unui cont de administrator, vei primi în curând un e-mail cu linkul de resetare.',
  failed: 'Cererea nu a putut fi trimisă. Încearcă din nou.',
} as const;

export const resetPasswordTexts = {
  heading: 'Setează o parolă nouă',
  newPassword: 'Parolă nouă',
  confirmPassword: 'Confirmă parola',
  submit: 'Resetează parola',
  submitting: 'Se resetează…',
  missingTokenTitle: 'Link de resetare invalid',
  missingToken: 'Linkul de resetare lipsește sau este incomplet. Cere un link nou.',
  failedTitle: 'Resetare eșuată',
  doneHeading: 'Parola a fost resetată',
  done: 'Te poți autentifica acum cu noua parolă.',
  goToLogin: 'Mergi la autentificare',
} as const;

/** An address under /admin that is no screen of the panel. */
export const notFoundTexts = {
  heading: '404 Pagina nu a fost găsită',
  hint: 'Adresa nu corespunde niciunei pagini a panoului de administrare. Verifică linkul sau mergi la panou.',
  goToPanel: 'Mergi la panoul de administrare',
  documentTitle: '404 Pagina nu a fost găsită | BodyMetrics',
} as const;

/** "1 zi", "7 zile", "30 de zile", "101 zile", "120 de zile": Romanian puts "de" after 20–99 of each hundred. */
const dashboardTextsPeriod = (days: number) =>
  days === 1 ? '1 zi' : days % 100 === 0 || days % 100 >= 20 ? `${days} de zile` : `${days} zile`;

export const dashboardTexts = {
  title: 'Analize BodyMetrics',
  signedInAs: (username: string) => `Conectat ca ${username}`,
  periodGroup: 'Perioadă',
  period: dashboardTextsPeriod,
  /** The custom range beside the buttons: calendar dates of the operator's time zone. */
  customRange: 'Interval personalizat',
  rangeFrom: 'De la',
  rangeTo: 'Până la',
  /** The custom range's dates are typed as Romanians write them, whatever the browser's language. */
  dateFormatHint: 'zz.ll.aaaa',
  applyRange: 'Aplică intervalul',
  /** The chosen period in a sentence: "în ultimele 30 de zile", "între 01.03.2026 și 10.03.2026". */
  lastDays: (days: number) => `în ultimele ${dashboardTextsPeriod(days)}`,
  betweenDates: (from: string, to: string) => (from === to ? `pe ${from}` : `între ${from} și ${to}`),
  logout: 'Deconectare',
  realtimeConnected: 'Timp real conectat',
  realtimeDisconnected: 'Timp real deconectat',
  overviewHeading: 'Privire de ansamblu',
  loading: 'Se încarcă…',
  chartLoading: 'Se încarcă graficul…',
  loadFailed: (message: string) => `Nu s-au putut încărca datele (${message}).`,
  empty: 'Nu există date pentru această perioadă.',
  downloadCsv: 'Descarcă CSV',
  downloadCsvOf: (what: string) => `Descarcă CSV — ${what}`,
} as const;

export const cardTexts = {
  activeUsers: 'Utilizatori activi',
  activeUsersHint: 'acum pe site',
  /** While the live socket is down the count is not known: said so, rather than a dash that looks like loading. */
  activeUsersUnavailable: 'Indisponibil',
  activeUsersUnavailableHint: 'fără conexiune în timp real',
  totalClicks: 'Total clickuri',
  /** The bot filter at work: events left out of every figure today. */
  botEventsExcludedToday: (n: string) => `Evenimente de la roboți excluse azi: ${n}`,
  /** What every badge compares, said once above the cards: `what` is periodName(…), `days` its length. */
  changeLegend: (what: string, days: number) =>
    days === 1
      ? `Săgețile compară ${what} cu ziua dinainte.`
      : `Săgețile compară ${what} cu cele ${dashboardTextsPeriod(days)} dinainte.`,
  lastDaysName: (days: number) => `ultimele ${dashboardTextsPeriod(days)}`,
  rangeName: (from: string, to: string) => (from === to ? `ziua ${from}` : `intervalul ${from} – ${to}`),
} as const;

/**
 * The "i" of the cards that are not figures of the catalogue (contracts' figures.ts explains those, in the
 * same words as docs/counting.md).
 */
export const cardDefinitions = {
  activeUsers:
    'Vizitatorii cu o pagină a site-ului deschisă acum: conexiunea lor în timp real este deschisă și au dat semn în ultimele 60 de secunde. Roboții nu apar.',
  totalClicks: 'Toate clickurile pe oferte, numărate după aceeași regulă, din toate zilele.',
} as const;

/** The small up/down badge of a card: its figure over the period against the period before. */
export const changeTexts = {
  /** `change`: "12%" or "3 p.p."; `current`/`previous`: the two figures as the card writes them. */
  up: (change: string, current: string, previous: string) =>
    `În creștere cu ${change} față de perioada anterioară (${current}, înainte ${previous})`,
  down: (change: string, current: string, previous: string) =>
    `În scădere cu ${change} față de perioada anterioară (${current}, înainte ${previous})`,
  same: (current: string) => `Neschimbat față de perioada anterioară (${current})`,
  /** The previous period had 0: there is no percentage of nothing. */
  none: (current: string) => `Fără comparație: perioada anterioară are 0 (acum ${current})`,
} as const;

/** The "i" button beside a card's or a panel's title. */
export const infoTexts = {
  about: (topic: string) => `Cum numărăm: ${topic}`,
} as const;

/** The dashboard's main chart (the period's visitors, page views and revenue per day). */
export const periodChartTexts = {
  heading: 'Evoluția perioadei',
  visitors: 'Vizitatori',
  pageViews: 'Afișări de pagină',
  revenue: (currency: string) => `Venit (${currency})`,
  /** The chart's accessible name; the table of the days is the Statistici zilnice tab. */
  label: (period: string) => `Grafic: vizitatori, afișări de pagină și venit pe zile, ${period}`,
} as const;

/** The column chooser of a wide table: the first columns show, the rest on demand (remembered). */
export const columnTexts = {
  button: (shown: number, total: number) => `Coloane (${shown} din ${total})`,
  legend: (table: string) => `Coloanele afișate în tabelul „${table}”`,
  reset: 'Coloanele implicite',
} as const;

/** The custom range's checks, in the words the operator sees beside each date (the server's rules). */
export const periodFormMessages = {
  required: 'Alege o dată',
  invalid: 'Data nu este validă (ZZ.LL.AAAA)',
  order: 'Data de final nu poate fi înaintea datei de început',
  tooLong: (max: number) => `Intervalul poate avea cel mult ${max} de zile`,
} as const;

/**
 * Conversions and earnings: column headers of Affiliate Performance and of the two
 * conversion tables, and each figure's one definition (docs/counting.md).
 */
export const conversionTexts = {
  clicks: 'Clickuri',
  conversions: 'Conversii',
  conversionRate: 'Rată conversie',
  revenue: (currency: string) => `Venit (${currency})`,
  epc: (currency: string) => `EPC (${currency})`,
  /** Behind the "i" button of Affiliate Performance, after affiliateTexts.definitions. */
  definitions:
    'Conversii: vânzările raportate de rețele (postback) pentru clickurile ofertei, numărate în ziua sosirii; ' +
    'o tranzacție raportată de mai multe ori e o singură conversie, iar conversiile clickurilor de la roboți nu se numără. ' +
    'Rată conversie = conversii ÷ clickuri × 100. Venit = suma plăților, și a celor pentru clickuri suspecte. ' +
    'EPC (câștig pe click) = venitul clickurilor care contează ÷ clickurile care contează (fără cele suspecte). ' +
    'Clickuri = toate clickurile numărate (nu doar cele unice).',
  byDayTitle: 'Conversii pe zile',
  byDayCaption: 'Clickuri, conversii și venit în fiecare zi a perioadei',
  byDayWhat: 'conversii pe zile',
  byCategoryTitle: 'Conversii pe categorie IMC și obiectiv',
  byCategoryCaption: 'Clickuri, conversii și venit după categoria IMC și obiectivul ofertei',
  byCategoryWhat: 'conversii pe categorie și obiectiv',
  day: 'Zi',
  category: 'Categorie IMC',
  goal: 'Obiectiv',
} as const;

export const liveUsersTexts = {
  heading: 'Utilizatori activi acum',
  empty: 'Niciun utilizator activ în acest moment.',
  visitor: 'Vizitator',
  currentPage: 'Pagina curentă',
  /** The visitor's flow stage; the path alone is `/` for the form, bridge and results. */
  stage: 'Etapă',
  device: 'Dispozitiv',
  browser: 'Browser',
  timeOnSite: 'Timp pe site',
  location: 'Locație',
  more: (shown: number, total: number) => `Se afișează ${shown} din ${total} utilizatori activi.`,
} as const;

/** The live panel while the real-time socket is down. */
export const liveLinkTexts = {
  down: 'Conexiune în timp real întreruptă — se reîncearcă…',
  attempt: (n: number) => `Încercarea de reconectare nr. ${n}`,
  downDetail:
    'Lista utilizatorilor activi revine de îndată ce conexiunea este restabilită. Celelalte cifre se actualizează în continuare.',
  retryNow: 'Reîncearcă acum',
} as const;

/**
 * The footer of every admin screen (spec §2): links to the public site's policy pages and contact form (in
 * English there, so the links carry hreflang="en") and the copyright line.
 */
export const footerTexts = {
  navigation: 'Informații legale și contact',
  terms: 'Termeni și condiții',
  privacy: 'Politica de confidențialitate',
  advertising: 'Publicitate și sponsorizare',
  contact: 'Contact',
  cookies: 'Politica de cookie-uri',
  disclaimer: 'Declinarea responsabilității medicale',
  copyright: (year: number) => `© ${year} BodyMetrics. Toate drepturile rezervate.`,
} as const;

export const resetAllTexts = {
  button: 'Resetează toate datele',
  firstTitle: 'Resetezi toate datele?',
  firstBody:
    'Toate datele de analiză vor fi șterse: vizite, sesiuni, parcursuri, clickuri pe oferte și statisticile zilnice.',
  firstConfirm: 'Continuă',
  secondTitle: 'Confirmare finală',
  secondBody: 'Ștergerea este definitivă și nu poate fi anulată. Ești sigur că vrei să ștergi toate datele?',
  secondConfirm: 'Da, șterge definitiv',
  cancel: 'Anulează',
  running: 'Se șterg datele…',
  doneTitle: 'Datele au fost resetate',
  done: (count: string) => `Au fost șterse ${count} înregistrări.`,
  failedTitle: 'Resetarea datelor a eșuat',
  failed: 'Datele nu au putut fi șterse. Încearcă din nou.',
} as const;

export const tabTexts = {
  list: 'Secțiuni de analiză',
  journey: 'Parcursul utilizatorului',
  daily: 'Statistici zilnice',
  affiliate: 'Performanță afiliați',
  traffic: 'Surse de trafic',
  devices: 'Dispozitive și browsere',
  geo: 'Geografie',
  recent: 'Activitate recentă',
  offers: 'Oferte',
  alerts: 'Alerte',
} as const;

/** The "Oferte" tab: the offers, their form and their change history. */
export const offerTexts = {
  heading: 'Oferte',
  caption: 'Toate ofertele, active și inactive',
  create: 'Ofertă nouă',
  edit: 'Editează',
  editHeading: (title: string) => `Editează oferta „${title}”`,
  createHeading: 'Ofertă nouă',
  title: 'Titlu',
  description: 'Descriere',
  url: 'Link afiliat (https)',
  imageUrl: 'Imagine (https, opțional)',
  bmiCategory: 'Categorie IMC',
  goal: 'Obiectiv',
  ctaLabel: 'Textul butonului',
  disclaimer: 'Mențiune sub buton (opțional)',
  evidenceBased: 'Afișează eticheta „Evidence-Based”',
  active: 'Activă (afișată vizitatorilor)',
  dailyClickCap: 'Limită zilnică de clickuri (opțional)',
  dailyClickCapHint:
    'Când clickurile de azi ating limita, oferta nu mai este afișată până mâine; celelalte oferte ale segmentului îi iau locul.',
  save: 'Salvează',
  saving: 'Se salvează…',
  cancel: 'Anulează',
  savedTitle: 'Oferta a fost salvată',
  saveFailedTitle: 'Oferta nu a putut fi salvată',
  activate: 'Activează',
  deactivate: 'Dezactivează',
  activateOffer: (title: string) => `Activează oferta ${title}`,
  deactivateOffer: (title: string) => `Dezactivează oferta ${title}`,
  editOffer: (title: string) => `Editează oferta ${title}`,
  columnTitle: 'Ofertă',
  columnCategory: 'Categorie',
  columnGoal: 'Obiectiv',
  columnActive: 'Stare',
  columnClicks: 'Clickuri',
  columnLastChange: 'Ultima modificare',
  columnActions: 'Acțiuni',
  isActive: 'Activă',
  isInactive: 'Inactivă',
  never: '—',
  history: 'Modificări',
  historyOf: (title: string) => `Modificări — ${title}`,
  historyEmpty: 'Nicio modificare înregistrată.',
  who: 'Cine',
  when: 'Când',
  what: 'Ce',
  unknownAdmin: 'cont șters',
  created: 'a creat oferta',
} as const;

/** The "Segmente" part of the Oferte tab: each BMI category × goal's rotation (docs/counting.md: Share). */
export const segmentTexts = {
  heading: 'Segmente',
  explanation:
    'În modul automat, fiecare ofertă activă a segmentului este afișată prima cu o pondere egală cu probabilitatea ' +
    'ca ea să aducă cel mai mare venit pe afișare (estimată din afișările, conversiile și plățile ei din ultimele ' +
    'zile), dar niciodată sub pragul minim, iar în modul manual ofertele rămân în ordinea ta.',
  segmentOf: (category: string, goal: string) => `${category} · ${goal}`,
  mode: 'Mod',
  modeOf: (segment: string) => `Mod — ${segment}`,
  manual: 'Manual',
  auto: 'Automat',
  floor: 'Prag minim',
  floorOf: (segment: string) => `Prag minim — ${segment}`,
  floorHint: 'între 0,05 și 0,5',
  floorError: 'Pragul minim este un număr între 0,05 și 0,5',
  save: 'Aplică',
  saveOf: (segment: string) => `Aplică modul și pragul — ${segment}`,
  savedTitle: 'Segmentul a fost actualizat',
  saveFailedTitle: 'Segmentul nu a putut fi actualizat',
  noOffers: 'Nicio ofertă activă în acest segment.',
  offersOf: (segment: string) => `Ofertele segmentului ${segment}`,
  columnOffer: 'Ofertă',
  columnShare: 'Pondere',
  columnImpressions: 'Afișări',
  columnConversions: 'Conversii',
  columnRevenuePerImpression: 'Venit pe afișare (interval 95%)',
  columnProbabilityBest: 'Probabilitatea de a fi cea mai bună',
  computedAt: (when: string) => `Calculat la ${when}`,
  notComputed: 'Necalculat încă',
  history: 'Modificări',
  historyOf: (segment: string) => `Modificări — ${segment}`,
  historyEmpty: 'Nicio modificare înregistrată.',
  modeChange: (from: string, to: string) => `Mod: ${from} → ${to}`,
  floorChange: (from: string, to: string) => `Prag minim: ${from} → ${to}`,
} as const;

/** The offer form's checks, in Romanian, each naming its field (the server's contract says the same). */
export const offerFormMessages = {
  required: 'Câmp obligatoriu',
  tooLong: (max: number) => `Cel mult ${max} caractere`,
  https: 'Introdu o adresă completă care începe cu https://',
  /** `{clickId}` may stand only in the link's path or query. */
  clickIdPlace: '{clickId} poate apărea doar în calea sau parametrii adresei, nu în domeniu sau după #',
  choose: 'Alege o valoare din listă',
  dailyClickCap: (max: number) =>
    `Un număr întreg de clickuri între 1 și ${max}, sau gol pentru nicio limită`,
} as const;

export const toastTexts = {
  label: 'Notificare',
  region: 'Notificări ({hotkey})',
  close: 'Închide notificarea',
} as const;

/** The "Campanii" section of the traffic tab (docs/counting.md: Campaigns). */
export const campaignTexts = {
  heading: 'Campanii',
  csvWhat: 'campanii',
  campaign: 'Campanie (utm_campaign)',
  term: 'Termen (utm_term)',
  visitors: 'Vizitatori',
  clicks: 'Clickuri',
  conversions: 'Conversii',
  revenue: (currency: string) => `Venit (${currency})`,
  definition:
    'Vizitatorii numărați a căror primă vizită a venit cu utm_campaign (în ziua primei vizite), clickurile lor pe oferte (în ziua clickului) și conversiile acestor clickuri cu venitul lor (în ziua în care rețeaua a raportat conversia).',
} as const;

/** The weekly digest mail: the admin's opt-in and "send me one now". */
export const weeklyDigestTexts = {
  heading: 'Rezumat săptămânal pe e-mail',
  explanation: (email: string) =>
    `În fiecare luni dimineață (ora 08:00, fusul orar al panoului), rezumatul săptămânii trecute (luni–duminică) la ${email}: vizitatori, pâlnie, clickuri, ofertele de top și schimbarea față de săptămâna anterioară.`,
  toggle: 'Primesc rezumatul săptămânal',
  sendNow: 'Trimite-mi unul acum',
  sending: 'Se trimite…',
  sentTitle: 'Rezumat trimis',
  sent: (email: string, weekStart: string) =>
    `Rezumatul săptămânii începute pe ${weekStart} a plecat către ${email}.`,
  failedTitle: 'Rezumatul nu a fost trimis',
  rateLimited: 'Ai cerut deja trei rezumate în ultima oră. Încearcă din nou mai târziu.',
  failed: 'Serverul de e-mail nu a preluat mesajul. Încearcă din nou.',
  saveFailed: 'Setarea nu a putut fi salvată. Încearcă din nou.',
  loadFailed: 'Setarea nu a putut fi citită. Reîncarcă pagina.',
} as const;

/** The "Alerte" tab (docs/counting.md: Alerts): the episodes, acknowledging one, the mail opt-in, a test alert. */
export const alertTexts = {
  heading: 'Alerte',
  definition:
    'O alertă se deschide când o regulă se declanșează (comparăm ultima oră — ultimele 6 ore pentru postback-uri — ' +
    'cu aceleași ore din ultimele 4 săptămâni, doar peste un volum minim) și se închide singură când cifra își ' +
    'revine. Fiecare alertă nouă pleacă o singură dată pe e-mail către administratorii care au activat alertele.',
  caption: 'Alertele, cele mai noi primele',
  kind: 'Tip',
  subject: 'Ce urmărește',
  startedAt: 'Început',
  endedAt: 'Sfârșit',
  ongoing: 'În desfășurare',
  expected: 'Așteptat',
  observed: 'Observat',
  acknowledged: 'Confirmată',
  acknowledge: 'Confirmă',
  acknowledging: 'Se confirmă…',
  acknowledgeLabel: (kind: string, subject: string) => `Confirmă alerta ${kind} — ${subject}`,
  acknowledgeFailed: 'Alerta nu a putut fi confirmată. Încearcă din nou.',
  none: 'Nicio alertă până acum.',
  loadFailed: 'Alertele nu au putut fi citite. Reîncarcă pagina.',
  openBadge: (count: number) => (count === 1 ? '1 alertă deschisă' : `${count} alerte deschise`),
  mailHeading: 'Alerte pe e-mail',
  mailExplanation: (email: string) =>
    `Fiecare alertă nouă, o singură dată, la ${email}. Alerta de test îți arată cum arată mesajul.`,
  toggle: 'Primesc alertele pe e-mail',
  sendTest: 'Trimite o alertă de test',
  sending: 'Se trimite…',
  sentTitle: 'Alertă de test trimisă',
  sent: (email: string) => `Alerta de test a plecat către ${email}.`,
  failedTitle: 'Alerta de test nu a fost trimisă',
  rateLimited: 'Ai cerut deja trei alerte de test în ultima oră. Încearcă din nou mai târziu.',
  failed: 'Serverul de e-mail nu a preluat mesajul. Încearcă din nou.',
  saveFailed: 'Setarea nu a putut fi salvată. Încearcă din nou.',
} as const;

/**
 * Suspicious clicks (docs/counting.md: Suspicious click): the share column of Affiliate Performance, Campaigns
 * and Traffic Sources, and its definition.
 */
export const suspiciousClickTexts = {
  share: 'Clickuri suspecte',
  definition:
    'Clickuri suspecte: clickuri făcute la mai puțin de 0,8 s după afișarea ofertei, peste limita de clickuri pe ' +
    'minut a unui vizitator sau a unei rețele, repetate pe aceeași ofertă și pagină în 10 minute, fără nicio afișare de ' +
    'pagină a vizitatorului în acea zi sau de la roboți. Rămân numărate printre clickuri, dar nu intră în CTR, ' +
    'EPC și ponderile ofertelor; coloana arată ce parte din clickuri sunt suspecte (și câte).',
} as const;

/**
 * Affiliate Performance: impressions, clicks and click-through. Each figure's definition is
 * docs/counting.md's, said once here so the operator reads it beside the table.
 */
export const affiliateTexts = {
  caption: 'Oferte ordonate după numărul de clickuri',
  columnRank: 'Loc',
  columnOffer: 'Ofertă',
  columnCategory: 'Categorie IMC',
  columnGoal: 'Obiectiv',
  columnImpressions: 'Afișări',
  columnClicks: 'Clickuri',
  columnUniqueClicks: 'Clickuri unice',
  columnCtr: 'CTR',
  columnBridgeImpressions: 'Afișări pagina de recomandări',
  columnBridgeClicks: 'Clickuri pagina de recomandări',
  columnBridgeCtr: 'CTR pagina de recomandări',
  columnResultsImpressions: 'Afișări pagina de rezultate',
  columnResultsClicks: 'Clickuri pagina de rezultate',
  columnResultsCtr: 'CTR pagina de rezultate',
  columnSuspiciousConversions: 'Conversii suspecte',
  columnLastClick: 'Ultimul click',
  columnLink: 'Link',
  never: 'Niciodată',
  unknown: 'Ofertă ștearsă',
  definitions:
    'Afișări: de câte ori a văzut un vizitator oferta, o dată pe zi pentru fiecare vizitator și pagină ' +
    '(pagina de recomandări sau de rezultate); boții nu sunt numărați. Clickuri: toate clickurile pe ofertă; ' +
    'clickuri unice: o dată pe zi pentru fiecare vizitator. CTR: clickurile care contează (toate, fără cele ' +
    'suspecte) împărțite la afișări, în %; „—” când oferta nu a fost afișată în perioadă.',
  breakdownTitle: 'Pe categorie IMC și obiectiv',
  breakdownCaption: 'Afișări, clickuri și CTR pe categoria IMC și obiectivul ofertelor',
} as const;

/** Annotations of the daily charts: notes on a date or a range ("campanie pornită"). */
export const annotationTexts = {
  heading: 'Adnotări',
  none: 'Nicio adnotare în această perioadă.',
  add: 'Adaugă adnotarea',
  addHeading: 'Adnotare nouă',
  date: 'Data',
  endDate: 'Până la (opțional)',
  note: 'Notă (cel mult 140 de caractere)',
  save: 'Salvează',
  saving: 'Se salvează…',
  cancel: 'Renunță',
  edit: 'Modifică',
  editLabel: (note: string) => `Modifică adnotarea „${note}”`,
  remove: 'Șterge',
  removeLabel: (note: string) => `Șterge adnotarea „${note}”`,
  marker: (n: number) => `Adnotarea ${n}`,
  by: (who: string, when: string) => `de ${who}, ${when}`,
  changedBy: (who: string, when: string) => `modificată de ${who}, ${when}`,
  failed: (message: string) => `Adnotarea nu a fost salvată: ${message}`,
} as const;

/** Shared views: read-only links to chosen tabs (the admin's "Partajare" tab and the link's own page). */
export const sharedViewTexts = {
  tab: 'Partajare',
  heading: 'Linkuri de vizualizare',
  intro:
    'Un link doar pentru citire către filele alese: fără vizitatori live, identificatori sau adrese, fără niciun buton de modificare.',
  createHeading: 'Link nou',
  name: 'Nume',
  tabs: 'File partajate',
  password: 'Parolă (opțional, cel puțin 8 caractere)',
  expiresAt: 'Expiră la (opțional)',
  create: 'Creează linkul',
  creating: 'Se creează…',
  createdOnce: 'Copiați linkul acum: nu va mai fi afișat.',
  createFailed: (message: string) => `Linkul nu a fost creat: ${message}`,
  none: 'Niciun link creat.',
  revoke: 'Revocă',
  revokeLabel: (name: string) => `Revocă linkul „${name}”`,
  revoked: 'Revocat',
  active: 'Activ',
  expired: 'Expirat',
  never: 'niciodată',
  withPassword: 'cu parolă',
  columns: { name: 'Nume', tabs: 'File', expiresAt: 'Expiră', status: 'Stare', createdBy: 'Creat de' },
  // The link's page.
  pageTitle: (name: string) => `BodyMetrics — ${name}`,
  readOnly: 'Vizualizare doar pentru citire',
  loading: 'Se încarcă…',
  unavailable: 'Acest link a expirat sau a fost revocat.',
  notFound: 'Acest link nu există.',
  passwordHeading: 'Acest link este protejat cu parolă',
  passwordLabel: 'Parola',
  unlock: 'Deschide',
  wrongPassword: 'Parola nu este corectă.',
  period: 'Perioada',
  lastDays: (days: number) => `Ultimele ${days} zile`,
  expiresOn: (when: string) => `Valabil până la ${when}`,
} as const;

/** The column headers of a shared tab's tables, by field. */
export const sharedColumnTexts: Record<string, string> = {
  date: 'Data',
  uniqueVisitors: 'Vizitatori unici',
  totalPageViews: 'Afișări de pagină',
  clicks: 'Clickuri',
  conversions: 'Conversii',
  conversionRate: 'Rată de conversie (%)',
  revenue: 'Venit',
  epc: 'EPC',
  currency: 'Monedă',
  landingVisitors: 'Vizitatori pe pagina principală',
  formStarted: 'Formular început',
  formCompleted: 'Formular completat',
  resultsViewed: 'Rezultate văzute',
  emailProvided: 'E-mail dat',
  reportSent: 'Raport trimis',
  bridgeViewed: 'Pagina intermediară văzută',
  bridgeAffiliateClicks: 'Clickuri pe oferte (intermediară)',
  bridgeToFullResults: 'Spre rezultatele complete',
  offerTitle: 'Ofertă',
  clickCount: 'Clickuri',
  impressions: 'Afișări',
  ctr: 'CTR (%)',
  source: 'Sursă',
  medium: 'Mediu',
  referrerDomain: 'Domeniu de trimitere',
  count: 'Număr',
  campaign: 'Campanie',
  term: 'Termen',
  visitors: 'Vizitatori',
  deviceType: 'Dispozitiv',
  browserName: 'Browser',
  operatingSystem: 'Sistem de operare',
  timeZone: 'Fus orar',
  language: 'Limbă',
};
