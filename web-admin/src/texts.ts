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

export const dashboardTexts = {
  title: 'Analize BodyMetrics',
  signedInAs: (username: string) => `Conectat ca ${username}`,
  periodGroup: 'Perioadă',
  period: (days: number) => (days < 20 ? `${days} zile` : `${days} de zile`),
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
  todayVisitors: 'Vizitatori azi',
  pageViews: (count: string) => `${count} afișări de pagină`,
  avgSession: 'Durată medie sesiune',
  bounceRate: 'Rată de respingere',
  mobile: 'Trafic mobil',
  todayClicks: 'Clickuri azi',
  totalClicks: 'Total clickuri',
  topSource: 'Sursă principală',
  conversionRate: 'Rată de conversie',
  conversionHint: 'clickuri azi / vizitatori azi',
  /** The bot filter at work: events left out of every figure today. */
  botEventsExcludedToday: (n: string) => `Evenimente de la roboți excluse azi: ${n}`,
} as const;

export const liveUsersTexts = {
  heading: 'Utilizatori activi acum',
  empty: 'Niciun utilizator activ în acest moment.',
  visitor: 'Vizitator',
  currentPage: 'Pagina curentă',
  /** The visitor's flow stage (issue 13 item 8); the path alone is `/` for the form, bridge and results. */
  stage: 'Etapă',
  device: 'Dispozitiv',
  browser: 'Browser',
  timeOnSite: 'Timp pe site',
  location: 'Locație',
  more: (shown: number, total: number) => `Se afișează ${shown} din ${total} utilizatori activi.`,
} as const;

/** The live panel while the real-time socket is down (issue 15 item 7). */
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
} as const;

/** The "Oferte" tab (issue 15 item 1): the offers, their form and their change history. */
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

/** The offer form's checks, in Romanian, each naming its field (the server's contract says the same). */
export const offerFormMessages = {
  required: 'Câmp obligatoriu',
  tooLong: (max: number) => `Cel mult ${max} caractere`,
  https: 'Introdu o adresă completă care începe cu https://',
  choose: 'Alege o valoare din listă',
} as const;

export const toastTexts = {
  label: 'Notificare',
  region: 'Notificări ({hotkey})',
  close: 'Închide notificarea',
} as const;
