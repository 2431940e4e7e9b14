// Termenii de utilizare, în română: aceleași reguli ca ../terms.ts, pentru pagina afișată în română.
import type { SeedLegalPage } from '../types';
import { contactEmail, effectiveDate } from '../operator';

export const termsOfServiceRo: SeedLegalPage = {
  slug: 'terms',
  locale: 'ro',
  title: 'Termeni și condiții',
  lastUpdated: effectiveDate,
  content: `
<p>Acești termeni se aplică utilizării de către tine a site-ului BodyMetrics, a calculatorului de IMC și indicatori corporali, a raportului de sănătate trimis pe e-mail, a newsletterului și a formularului de contact (împreună, „serviciul”). Prin utilizarea serviciului accepți acești termeni. Dacă nu îi accepți, te rugăm să nu folosești serviciul.</p>

<h2>1. Ce este serviciul</h2>
<p>BodyMetrics este un instrument gratuit care estimează, din valorile pe care le introduci, indicele de masă corporală (IMC), procentul de grăsime corporală, raportul talie-șold, necesarul zilnic de energie, vârsta metabolică și un plan de nutriție simplu, și afișează oferte sponsorizate potrivite categoriei tale de IMC și obiectivului tău. Rezultatele sunt estimări generale, doar în scop informativ. Ele <strong>nu constituie sfat medical</strong>, diagnostic sau plan de tratament. Te rugăm să citești <a href="/legal/disclaimer">Avertismentul medical</a>.</p>

<h2>2. Cine îl poate folosi</h2>
<p>Serviciul este destinat adulților de cel puțin 18 ani. Formulele pe care le folosește nu sunt potrivite pentru copii și pot să nu fie potrivite în timpul sarcinii sau pentru persoanele cu anumite afecțiuni.</p>

<h2>3. Cum folosești serviciul</h2>
<p>Ești de acord să folosești serviciul în mod legal și să nu:</p>
<ul>
<li>perturbi funcționarea sau securitatea site-ului ori folosirea lui de către alți vizitatori, de exemplu trimițând cereri automate sau excesive;</li>
<li>încerci să accesezi zona de administrare sau date care nu îți sunt destinate;</li>
<li>introduci numele sau adresa de e-mail a altei persoane pentru un raport sau pentru newsletter fără permisiunea ei;</li>
<li>trimiți prin formularul de contact mesaje ilegale, abuzive sau înșelătoare;</li>
<li>copiezi sau reutilizezi conținutul site-ului în scopuri comerciale fără permisiunea noastră scrisă.</li>
</ul>

<h2>4. Oferte sponsorizate și site-uri terțe</h2>
<p>Serviciul conține linkuri afiliate către produse și servicii ale unor terți. Putem primi un comision când dai clic pe ele sau cumperi ceva, fără niciun cost suplimentar pentru tine. Ofertele sunt alese după categoria de IMC și obiectiv; nu testăm fiecare produs, iar terțul, nu BodyMetrics, răspunde de produsele, prețurile, livrarea și condițiile sale. Află mai multe în <a href="/legal/advertising">Declarația privind publicitatea și sponsorizarea</a>.</p>

<h2>5. Raportul trimis pe e-mail și newsletterul</h2>
<p>Dacă ceri un raport de sănătate, îl trimitem la adresa de e-mail pe care o indici și abonăm acea adresă la newsletterul nostru. Te poți dezabona prin linkul din fiecare newsletter. Asigură-te că adresa pe care o introduci este a ta.</p>

<h2>6. Confidențialitate</h2>
<p>Modul în care tratăm datele cu caracter personal, inclusiv statisticile de utilizare înregistrate când ne vizitezi, este descris în <a href="/legal/privacy">Politica de confidențialitate</a> și în <a href="/legal/cookies">Politica privind cookie-urile</a>.</p>

<h2>7. Proprietate intelectuală</h2>
<p>Designul, textele, grafica și programele serviciului aparțin operatorului BodyMetrics sau licențiatorilor săi. Poți vizualiza și tipări paginile și propriile rezultate pentru uz personal, necomercial, și îți poți distribui rezultatele folosind funcțiile de distribuire pe care le oferim.</p>

<h2>8. Disponibilitate și modificări</h2>
<p>Oferim serviciul gratuit și „ca atare”. Putem modifica, suspenda sau opri oricând orice parte a lui și nu garantăm că va fi mereu disponibil sau lipsit de erori.</p>

<h2>9. Răspundere</h2>
<p>În limitele permise de lege, nu răspundem pentru deciziile pe care le iei pe baza rezultatelor, pentru produsele sau serviciile terților ori pentru pierderi indirecte sau subsecvente. Nimic din acești termeni nu limitează răspunderea care nu poate fi limitată prin lege, cum ar fi răspunderea pentru deces sau vătămare corporală cauzate din neglijență, și nici drepturile tale de consumator prevăzute de legea imperativă.</p>

<h2>10. Modificarea acestor termeni</h2>
<p>Putem actualiza acești termeni. Data „Ultima actualizare” de pe această pagină arată când s-au schimbat ultima dată. Dacă folosești în continuare serviciul după o modificare, se aplică termenii actualizați.</p>

<h2>11. Legea aplicabilă și contact</h2>
<p>Acești termeni sunt guvernați de legea țării în care este stabilit operatorul BodyMetrics, fără a te priva de protecția normelor imperative ale țării în care locuiești. Întrebările despre acești termeni pot fi trimise prin <a href="/legal/contact">formularul de contact</a> sau la <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>
`.trim(),
};
