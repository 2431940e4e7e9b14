// Politica privind cookie-urile, în română: același conținut ca ../cookies.ts.
import type { SeedLegalPage } from '../types';
import { contactEmail, effectiveDate } from '../operator';

export const cookiePolicyRo: SeedLegalPage = {
  slug: 'cookies',
  locale: 'ro',
  title: 'Politica privind cookie-urile',
  lastUpdated: effectiveDate,
  content: `
<p>Această politică explică ce stochează BodyMetrics în browserul tău și de ce. Vizitatorii nu primesc de la noi cookie-uri de publicitate sau de urmărire ale unor terți. Folosim în principal stocarea locală (local storage) și stocarea de sesiune (session storage) ale browserului, care funcționează ca niște cookie-uri, dar nu sunt trimise cu fiecare cerere.</p>

<h2>1. Ce stocăm</h2>
<ul>
<li><strong>ID de vizitator</strong>: un identificator aleatoriu. Până când permiți stocarea pentru statistici în banner, se află în stocarea de sesiune și dispare când închizi fila; după ce o permiți, este păstrat în stocarea locală până când ștergi datele site-ului din browser sau alegi „Doar stocarea necesară” din subsolul paginii. Leagă între ele vizitele pe pagini, pașii parcurși și clicurile pe oferte, iar odată păstrat ne permite să recunoaștem o vizită repetată. Vizitatorii unici sunt numărați cu o cheie zilnică de vizitator calculată la noi, care nu pune nimic pe dispozitivul tău (vezi <a href="/legal/privacy">Politica de confidențialitate</a>). Nu conține numele sau adresa ta de e-mail.</li>
<li><strong>Marcajul de vizitator revenit</strong> (stocare locală): reține că ai mai fost aici.</li>
<li><strong>Sesiunea formularului</strong> (stocare locală): valorile pe care le-ai introdus în calculator și cât de departe ai ajuns, ca o reîncărcare a paginii să nu le piardă. Se șterge când apeși „Începe un calcul nou”.</li>
<li><strong>ID de sesiune</strong> (stocare de sesiune): un identificator aleatoriu pentru vizita curentă, șters când închizi fila. Ne permite să măsurăm cât durează o vizită și ce pași a cuprins.</li>
<li><strong>Limba aleasă</strong> (stocare de sesiune): limba pe care ai ales-o cu butoanele RO / EN, păstrată pe durata vizitei și ștearsă când închizi fila.</li>
<li><strong>Sesiunea de administrator</strong> (un cookie și stocare locală, doar pentru operatorii site-ului): când un administrator se autentifică în panoul de control, un identificator de sesiune este stocat într-un cookie HttpOnly, SameSite=Strict și în stocarea locală. Vizitatorii obișnuiți nu îl primesc niciodată.</li>
<li><strong>Alegerea ta privind stocarea</strong> (stocare locală): reține răspunsul tău la bannerul de consimțământ, ca să nu îți mai fie afișat.</li>
</ul>

<h2>2. Consimțământ</h2>
<p>La prima vizită, un banner te informează despre această stocare și trimite la această politică. Stocarea strict necesară pentru ce ceri, cum ar fi păstrarea datelor din formular, sesiunea unui administrator autentificat, limba aleasă și reținerea alegerii tale, nu necesită consimțământ. ID-ul de vizitator și statisticile pe care le susține sunt descrise în <a href="/legal/privacy">Politica de confidențialitate</a>.</p>

<h2>3. Terți</h2>
<p>BodyMetrics nu încarcă scripturi de statistici sau de publicitate ale unor terți și nici widgeturi de rețele sociale. Când dai clic pe o ofertă sponsorizată ajungi pe site-ul unui partener, care poate seta propriile cookie-uri conform propriei politici, de exemplu pentru a ne atribui un comision.</p>

<h2>4. Cum ștergi sau blochezi stocarea</h2>
<p>Poți șterge tot ce a stocat BodyMetrics ștergând datele acestui site din setările browserului (adesea la „Cookie-uri și date ale site-urilor”). Poți și bloca datele site-ului pentru BodyMetrics; calculatorul va funcționa în continuare, dar datele introduse nu vor rezista la o reîncărcare, iar vizitele tale din zile diferite vor fi numărate ca vizitatori diferiți.</p>

<h2>5. Contact</h2>
<p>Întrebările despre această politică pot fi trimise prin <a href="/legal/contact">formularul de contact</a> sau la <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>
`.trim(),
};
