// Declarația privind publicitatea și sponsorizarea, în română: același conținut ca ../advertising.ts.
import type { SeedLegalPage } from '../types';
import { contactEmail, effectiveDate } from '../operator';

export const advertisingDisclosureRo: SeedLegalPage = {
  slug: 'advertising',
  locale: 'ro',
  title: 'Declarația privind publicitatea și sponsorizarea',
  lastUpdated: effectiveDate,
  content: `
<p>BodyMetrics este gratuit. Îl finanțăm prin marketing afiliat. Această pagină explică cum funcționează, ca să poți judeca ofertele pe care ți le arătăm.</p>

<h2>1. Linkuri afiliate</h2>
<p>Multe linkuri către produse și servicii de pe BodyMetrics sunt linkuri afiliate. Ele conțin un cod de referință care îi spune partenerului că vizita a venit de la noi. Când dai clic pe un astfel de link sau cumperi ceva după ce ai dat clic, partenerul ne poate plăti un comision. <strong>Nu plătești mai mult</strong> pentru că ai folosit linkul nostru.</p>

<h2>2. Cum sunt marcate ofertele</h2>
<ul>
<li>Ofertele de pe ecranul de sinteză afișat după calcul poartă eticheta „Sponsorizat”.</li>
<li>Cardurile de oferte de pe pagina de rezultate sunt marcate „Conținut sponsorizat”, iar fiecare are o scurtă mențiune lângă buton.</li>
<li>Butoanele ofertelor te duc pe site-ul partenerului, așa că este mereu clar când părăsești BodyMetrics.</li>
</ul>

<h2>3. Cum sunt alese ofertele</h2>
<p>Afișăm oferte potrivite categoriei tale de IMC (subponderal, normal, supraponderal sau obezitate) și obiectivului tău (slăbire, creștere musculară sau stare generală de bine). Alegerea se face automat pe baza acestor două valori; nu este o recomandare personală a unui medic, dietetician sau antrenor și nu ține cont de istoricul tău medical. Partenerii pot plăti comisioane diferite și nu susținem că o ofertă este cel mai bun sau cel mai ieftin produs de acest fel.</p>

<h2>4. Ce nu facem</h2>
<ul>
<li>Nu transmitem partenerilor numele, adresa de e-mail sau valorile pe care le introduci în calculator.</li>
<li>Nu le permitem partenerilor să îți modifice rezultatele. IMC-ul și celelalte cifre sunt calculate la fel, oricare ar fi ofertele afișate.</li>
<li>Nu publicăm recenzii plătite prezentate drept opinii independente.</li>
</ul>

<h2>5. Ce înregistrăm despre clicuri</h2>
<p>Pentru a verifica rapoartele partenerilor și a vedea ce oferte sunt utile, înregistrăm fiecare clic pe o ofertă: oferta, ID-ul tău aleatoriu de vizitator, detalii despre browser, pagina de proveniență, ora și o adresă IP scurtată. Detaliile se află în <a href="/legal/privacy">Politica de confidențialitate</a>.</p>

<h2>6. Răspunderea pentru produsele partenerilor</h2>
<p>Partenerii sunt companii independente. Produsele, prețurile, livrarea, rambursările și practicile lor de confidențialitate sunt responsabilitatea lor, conform propriilor condiții. Înainte de a cumpăra un supliment sau de a începe o dietă ori un program de exerciții, verifică dacă ți se potrivește și întreabă un specialist dacă ai o afecțiune, iei medicamente, ești însărcinată sau alăptezi.</p>

<h2>7. Cereri de publicitate și parteneriat</h2>
<p>Dacă vrei să colaborezi cu noi, alege „Publicitate și parteneriat” în <a href="/legal/contact">formularul de contact</a> sau scrie-ne la <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>
`.trim(),
};
