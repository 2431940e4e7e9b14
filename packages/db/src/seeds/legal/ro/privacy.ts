// Politica de confidențialitate, în română: același conținut ca ../privacy.ts. Când se schimbă un câmp
// înregistrat sau o perioadă de păstrare, ambele texte se schimbă în același commit.
import type { SeedLegalPage } from '../types';
import { contactEmail, effectiveDate } from '../operator';

export const privacyPolicyRo: SeedLegalPage = {
  slug: 'privacy',
  locale: 'ro',
  title: 'Politica de confidențialitate',
  lastUpdated: effectiveDate,
  content: `
<p>Această politică explică ce informații colectează BodyMetrics („noi”) când folosești calculatorul nostru gratuit de IMC și indicatori corporali, de ce le colectăm, cât timp le păstrăm și ce drepturi ai. Am încercat să enumerăm totul, inclusiv statisticile de utilizare pe care calculatorul în sine nu ți le arată.</p>

<h2>1. Cine este responsabil</h2>
<p>Operatorul BodyMetrics este operatorul de date pentru datele cu caracter personal descrise aici. Ne poți contacta prin <a href="/legal/contact">formularul de contact</a> sau prin e-mail la <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>

<h2>2. Calculatorul rulează în browserul tău</h2>
<p>IMC-ul, estimarea grăsimii corporale, raportul talie-șold, necesarul zilnic de energie, vârsta metabolică și planul de nutriție sunt calculate de propriul tău browser. Nu ai nevoie de cont sau de adresă de e-mail pentru a folosi calculatorul. Totuși, așa cum este descris în secțiunea 3, valorile pe care le introduci în formular ne sunt trimise și nouă în timp ce îl completezi.</p>
<p>Două răspunsuri opționale din formular nu părăsesc niciodată dispozitivul tău: <strong>originea etnică</strong> și dacă <strong>ești însărcinată</strong>. Browserul le folosește doar pentru a alege intervalele de IMC și sfaturile pe care ți le arată (pentru unele origini, pragurile mai mici ale ghidului NICE privind obezitatea; în sarcină, fără oferte și fără țintă de calorii). Sunt păstrate în stocarea de sesiune a browserului pentru această filă și șterse când o închizi sau începi un calcul nou. Nu fac parte din instantaneele formularului, pașii parcurși, înregistrările ofertelor sau raportul trimis pe e-mail descrise mai jos, nu le înregistrăm și nu le stocăm, iar categoria pe care o înregistrăm este mereu categoria standard OMS. De aceea, raportul trimis pe e-mail folosește intervalele OMS.</p>

<h2>3. Ce înregistrăm când ne vizitezi</h2>
<p>Pentru a înțelege cum este folosit site-ul și ce oferte le sunt utile oamenilor, browserul tău ne trimite înregistrările de mai jos. Ele sunt legate de un ID aleatoriu de vizitator creat la prima ta vizită, nu de numele tău.</p>
<ul>
<li><strong>Vizitele pe pagini:</strong> ID-ul tău de vizitator, adresa paginii, pagina de proveniență, identificatorul (user agent) browserului, tipul dispozitivului (mobil, tabletă sau desktop), numele browserului, sistemul de operare, rezoluția ecranului, limba browserului, fusul orar, dacă ai mai vizitat site-ul și sursa traficului (de exemplu un motor de căutare, o rețea socială sau un link de campanie).</li>
<li><strong>Adresa ta IP, scurtată:</strong> păstrăm doar primele trei blocuri ale unei adrese IPv4 (o rețea /24, de exemplu 203.0.113.0) sau primele trei grupuri ale unei adrese IPv6 (o rețea /48). Adresa completă nu este stocată.</li>
<li><strong>Numărarea vizitatorilor fără a stoca nimic pe dispozitivul tău:</strong> te numărăm ca un singur vizitator pe zi printr-o cheie zilnică de vizitator: un hash unidirecțional cu cheie al unei valori aleatorii (un „salt”) pe care o creăm în fiecare zi, al adresei tale de rețea (adresa IPv4 sau primele patru grupuri ale unei adrese IPv6) și al identificatorului browserului. Îi numărăm pe toți astfel, fie că permiți sau nu stocarea pentru statistici, ca aceeași persoană să fie numărată o dată pe zi. Valoarea „salt” este păstrată doar în memoria serverelor noastre și este ștearsă la sfârșitul zilei sale, așa că cheia nu mai poate fi recalculată ulterior și nu leagă vizitele tale din zile diferite; adresa folosită pentru ea nu este stocată. Nimic nu este stocat pe dispozitivul tău pentru aceasta. Dacă permiți stocarea pentru statistici, ID-ul de vizitator păstrat pe dispozitivul tău ne permite doar să recunoaștem o vizită repetată într-o zi ulterioară.</li>
<li><strong>Durata sesiunii:</strong> cât timp a fost deschisă o pagină, trimisă când o părăsești.</li>
<li><strong>Pașii parcurși:</strong> la ce pași ai calculatorului ai ajuns (sosire, formular început, formular completat, rezultate văzute, pagina de sinteză sponsorizată, e-mail furnizat, raport trimis), cu ora, tipul dispozitivului și identificatorul browserului.</li>
<li><strong>Instantanee ale formularului:</strong> în timp ce completezi și trimiți calculatorul, valorile introduse (vârstă, gen, înălțime, greutate, talie, șold, nivel de activitate și sistem de măsură) ne sunt trimise împreună cu ID-ul tău de vizitator. Le folosim pentru a vedea unde părăsesc oamenii formularul și pentru a îmbunătăți calculatorul. Ele nu includ numele sau adresa ta de e-mail.</li>
<li><strong>Clicuri pe oferte afiliate:</strong> când dai clic pe o ofertă sponsorizată înregistrăm oferta, linkul ei, ID-ul tău de vizitator, identificatorul browserului, pagina de proveniență, ora și adresa IP scurtată.</li>
<li><strong>Prezența în timp real:</strong> cât timp o filă BodyMetrics este deschisă, browserul ne spune la fiecare 30 de secunde că este încă activ, cu ID-ul de vizitator, un ID de sesiune, pagina curentă, tipul dispozitivului, browserul și o locație aproximativă dedusă din fusul orar (de exemplu „Bucharest”). Aceasta este păstrată doar în memorie, câteva minute, ca panoul nostru de control să poată arăta câți oameni sunt acum pe site.</li>
</ul>

<h2>4. Ce înregistrăm când ne ceri ceva</h2>
<ul>
<li><strong>Raportul de sănătate trimis pe e-mail:</strong> dacă ceri raportul, primim numele, adresa de e-mail, valorile din calculator enumerate mai sus, obiectivul tău și ofertele care ți-au fost afișate. Le folosim pentru a trimite raportul și le stocăm ca evidență a cererii. Acestea sunt informații legate de sănătate și le prelucrăm doar pentru că ne ceri să trimitem raportul (consimțământul tău explicit). Raportul este scris în limba în care ți-a fost afișată pagina.</li>
<li><strong>Newsletter:</strong> doar dacă bifezi căsuța newsletterului când ceri un raport, adresa ta de e-mail este abonată la newsletterul nostru cu sfaturi și oferte. Căsuța nu este niciodată bifată dinainte, fiecare newsletter conține un link de dezabonare, iar dezabonarea are efect imediat. Abonăm adresa doar după ce o confirmi (dublă confirmare): e-mailul cu raportul conține un link de confirmare, valabil 7 zile, care deschide o pagină cu un buton de confirmare. Până nu îl apeși, adresa nu este abonată, iar o cerere neconfirmată este ștearsă după ce linkul ei a expirat.</li>
<li><strong>E-mailuri cu rapoarte pe adresă:</strong> ca nimeni să nu poată folosi formularul nostru de raport pentru a inunda căsuța cuiva, numărăm e-mailurile cu rapoarte trimise fiecărei adrese în 24 de ore. Le numărăm după un hash unidirecțional al adresei, nu după adresa însăși, și ștergem fiecare numărătoare după 24 de ore.</li>
<li><strong>Mesaje de contact:</strong> când folosești formularul de contact primim numele complet, adresa de e-mail, motivul ales și mesajul tău și le folosim pentru a-ți răspunde.</li>
<li><strong>Imagini de distribuire:</strong> dacă îți distribui rezultatul, creăm o imagine cu sinteza rezultatului și o pagină care o afișează, ca aplicațiile de mesagerie să poată arăta o previzualizare. Oricine are linkul poate vedea acea pagină. Imaginea arată doar IMC-ul și categoria lui, așa că o imagine servește pe toți cei cu același rezultat; linkul în sine este șters la 395 de zile după ce a fost creat.</li>
</ul>

<h2>5. De ce folosim aceste informații și pe ce temei legal</h2>
<ul>
<li>Pentru a rula site-ul în siguranță și a-l menține funcțional (interes legitim).</li>
<li>Pentru a măsura vizitele, parcursul prin calculator, sursele de trafic și clicurile pe oferte, ca să putem îmbunătăți site-ul și să fim plătiți de partenerii noștri afiliați (interes legitim și, acolo unde legea o cere, consimțământul tău pentru stocarea pe dispozitiv; vezi <a href="/legal/cookies">Politica privind cookie-urile</a>).</li>
<li>Pentru a trimite raportul de sănătate și newsletterul pe care le-ai cerut (consimțământ, pe care îl poți retrage oricând).</li>
<li>Pentru a răspunde mesajelor de contact (interes legitim sau demersuri înaintea încheierii unui contract, după caz).</li>
</ul>
<p>Nu vindem datele tale cu caracter personal, nu le folosim pentru decizii automate care te afectează și nu transmitem partenerilor afiliați valorile din calculator, numele sau adresa ta de e-mail. Când dai clic pe o ofertă, partenerul vede că vizita a venit de la BodyMetrics prin codul de referință din link.</p>

<h2>6. Cât timp le păstrăm</h2>
<ul>
<li>Înregistrările brute de statistici (vizite pe pagini, durate ale sesiunilor, pași parcurși, clicuri pe oferte afiliate și instantanee ale formularului) sunt șterse la 395 de zile după ce au fost înregistrate.</li>
<li>Totalurile zilnice derivate din ele (de exemplu numărul de vizitatori dintr-o zi) nu conțin niciun ID de vizitator și pot fi păstrate mai mult.</li>
<li>Prezența în timp real expiră la câteva minute după ce îți închizi fila.</li>
<li>Cererile de raport, abonările la newsletter și mesajele de contact sunt păstrate până ne ceri să le ștergem sau, pentru newsletter, până te dezabonezi și eliminăm adresa.</li>
</ul>

<h2>7. Cine le mai prelucrează</h2>
<p>Furnizorii noștri de găzduire și de livrare a e-mailurilor prelucrează date în numele nostru, pe baza unui acord de prelucrare a datelor. Partenerii afiliați primesc doar ce le trimite browserul tău când le deschizi site-ul, conform propriilor politici de confidențialitate.</p>

<h2>8. Drepturile tale</h2>
<p>În funcție de locul în care locuiești, ai dreptul de a accesa, rectifica sau șterge datele tale cu caracter personal, de a restricționa prelucrarea lor sau de a te opune acesteia, dreptul la portabilitatea datelor și dreptul de a-ți retrage oricând consimțământul, fără a afecta prelucrarea anterioară. Deoarece înregistrările de statistici sunt legate de un ID aleatoriu de vizitator și nu de numele tău, spune-ne acel ID (browserul tău îl păstrează în stocarea locală) sau adresa de e-mail folosită și vom găsi înregistrările. Ai și dreptul de a depune o plângere la o autoritate de protecție a datelor.</p>

<h2>9. Copii</h2>
<p>BodyMetrics este destinat adulților. Calculatorul acceptă vârste de la 18 ani în sus și nu colectăm în mod conștient informații despre copii.</p>

<h2>10. Modificări</h2>
<p>Când modificăm această politică, actualizăm data „Ultima actualizare” a acestei pagini.</p>
`.trim(),
};
