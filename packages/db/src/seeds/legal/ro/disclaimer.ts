// Avertismentul medical, în română: același conținut ca ../disclaimer.ts.
import type { SeedLegalPage } from '../types';
import { effectiveDate } from '../operator';

export const medicalDisclaimerRo: SeedLegalPage = {
  slug: 'disclaimer',
  locale: 'ro',
  title: 'Avertisment medical',
  lastUpdated: effectiveDate,
  content: `
<p>BodyMetrics oferă doar informații generale. <strong>Nu constituie sfat medical</strong> și nu înlocuiește consultul unui medic, al unui dietetician autorizat sau al altui specialist în domeniul sănătății.</p>

<h2>1. Estimări, nu un diagnostic</h2>
<p>Toate rezultatele sunt calculate din puținele valori pe care le introduci, cu formule publicate, stabilite pe populații:</p>
<ul>
<li><strong>IMC</strong> este greutatea ta în kilograme împărțită la pătratul înălțimii în metri. Categoriile sunt: subponderal sub 18,5, normal de la 18,5 până sub 25, supraponderal de la 25 până sub 30 și obezitate de la 30.</li>
<li><strong>Procentul de grăsime corporală</strong> este estimat din IMC, vârstă și sex; nu este o măsurătoare.</li>
<li><strong>Necesarul zilnic de energie</strong> folosește ecuația Mifflin-St Jeor pentru energia de repaus și un multiplicator pentru nivelul de activitate pe care îl alegi.</li>
<li><strong>Vârsta metabolică</strong> compară energia de repaus estimată cu o valoare de referință și este doar orientativă.</li>
<li><strong>Raportul talie-șold</strong> este afișat doar dacă introduci ambele măsurători.</li>
</ul>
<p>Niciuna dintre aceste cifre nu îți poate spune dacă ești sănătos sau bolnav.</p>

<h2>2. Limitele IMC</h2>
<ul>
<li>IMC nu face diferența între mușchi și grăsime. Sportivii și persoanele foarte musculoase pot fi încadrați la supraponderal deși au puțină grăsime corporală.</li>
<li>Nu arată unde este depozitată grăsimea, lucru important pentru riscul asupra sănătății.</li>
<li>Poate induce în eroare la adulții în vârstă, care au adesea mai puțină masă musculară, și la persoanele din unele grupuri etnice, pentru care se folosesc uneori alte praguri.</li>
<li>Nu este valabil în timpul sarcinii și nu se folosește în același mod pentru copii și adolescenți; calculatorul este pentru adulți de cel puțin 18 ani.</li>
<li>Estimările pentru persoanele care aleg alt gen decât masculin sau feminin folosesc formule mediate și sunt mai puțin precise.</li>
</ul>

<h2>3. Planul de nutriție</h2>
<p>Caloriile, proteinele și carbohidrații sugerați sunt puncte de pornire aproximative, derivate din necesarul de energie estimat: o reducere de 20% pentru categoriile supraponderal și obezitate și o creștere de 15% pentru categoria subponderal. Ele nu țin cont de afecțiuni, medicamente, alergii, sarcină, alăptare sau un istoric de tulburări de alimentație. Discută cu un specialist înainte de a face schimbări mari în alimentație.</p>

<h2>4. Oferte sponsorizate</h2>
<p>Ofertele sunt afișate pentru că se potrivesc categoriei tale de IMC și obiectivului tău, iar noi putem primi un comision pentru ele. Ele nu sunt o recomandare a unui specialist în sănătate. Întreabă medicul sau farmacistul înainte de a lua suplimente sau înlocuitori de masă, mai ales dacă iei medicamente sau ai o afecțiune.</p>

<h2>5. Când să ceri ajutor</h2>
<ul>
<li>Dacă ai simptome care te îngrijorează sau o urgență medicală, contactează imediat un medic sau numărul local de urgență.</li>
<li>Dacă te preocupă greutatea, alimentația sau imaginea corporală, un medic sau un serviciu specializat în tulburări de alimentație te poate ajuta, în mod confidențial.</li>
</ul>

<h2>6. Fără răspundere pentru decizii</h2>
<p>Avem grijă ca calculele să fie corecte, dar nu garantăm că rezultatele sunt complete sau potrivite situației tale. Deciziile pe care le iei pe baza lor îți aparțin. Vezi și <a href="/legal/terms">Termenii și condițiile</a>.</p>
`.trim(),
};
