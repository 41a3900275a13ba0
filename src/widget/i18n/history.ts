// The strings of what this device keeps that the first load of the widget shows: "Save to this
// device" under a result, My receipts' heading and loading line, why storage refused, and the
// privacy view's section, in each language of the widget. Everything else My receipts says is in
// ./my-receipts.ts, which loads with the view. `{name}` marks a value filled in at render time.
// Kept short: all three ship in every bundle. Plugged into the catalogue as one section
// (./index.ts), read as `messages.history`.
import { section, type Section, type Widen } from './shape.ts';

export const history = section({
  en: {
    title: 'My receipts',
    loading: 'Loading My receipts…',
    loadFailed: 'My receipts could not be loaded. Check the connection and try again.',
    note: 'A summary (date, store, kg CO2e per category, item count, price total) is kept in this browser only and never sent to the server.',
    includeItems: 'Include item names',
    save: 'Save to this device',
    saved: 'Saved to this device.',
    alreadySaved: 'This receipt is already saved on this device.',
    blocked: 'This browser does not allow saving here (private browsing or the page’s settings). Everything else works as usual.',
    full: 'This browser’s storage is full, so nothing was saved. Export or delete some receipts and try again.',
    newer: 'These receipts were saved by a newer version of the calculator and cannot be used here.',
    privacyTitle: 'What is kept on your device',
    privacy: 'With “Save to this device”, a summary of the result (date, store, kg CO2e per category, item count and price total; item names only if you choose) is kept in your own browser’s storage for this site. It is never sent to the service or anywhere else, and you can export or delete it at any time in “My receipts”.',
    privacyCorrections: 'When you correct a line’s category or amount, the line’s name and your correction are kept in the same place, so that later receipts with the same line get your correction. Nothing of it is stored on the service: the correction goes there only with a receipt you are reading, to recalculate it, and is not kept. In “My receipts” you can see every remembered correction, forget one or all of them, and turn remembering off.',
    privacyHousehold: 'If you give your household’s size for the goal in “My receipts”, the numbers of adults and children are kept there as well and never sent anywhere.',
  },
  fi: {
    title: 'Omat kuitit',
    loading: 'Ladataan Omia kuitteja…',
    loadFailed: 'Omia kuitteja ei voitu ladata. Tarkista yhteys ja yritä uudelleen.',
    note: 'Yhteenveto (päivämäärä, kauppa, kg CO2e ruokaryhmittäin, tuotteiden määrä, hintojen summa) säilyy vain tässä selaimessa eikä sitä lähetetä palvelimelle.',
    includeItems: 'Tallenna myös tuotteiden nimet',
    save: 'Tallenna tälle laitteelle',
    saved: 'Tallennettu tälle laitteelle.',
    alreadySaved: 'Tämä kuitti on jo tallennettu tälle laitteelle.',
    blocked: 'Selain ei salli tallentamista tähän (yksityinen selaus tai sivun asetukset). Kaikki muu toimii tavalliseen tapaan.',
    full: 'Selaimen tallennustila on täynnä, joten mitään ei tallennettu. Vie tai poista kuitteja ja yritä uudelleen.',
    newer: 'Nämä kuitit on tallentanut laskurin uudempi versio, eikä niitä voi käyttää tässä.',
    privacyTitle: 'Mitä laitteellesi säilytetään',
    privacy: 'Kun valitset ”Tallenna tälle laitteelle”, tuloksen yhteenveto (päivämäärä, kauppa, kg CO2e ruokaryhmittäin, tuotteiden määrä ja hintojen summa; tuotteiden nimet vain, jos niin valitset) säilytetään oman selaimesi tallennustilassa tätä sivustoa varten. Sitä ei koskaan lähetetä palveluun eikä minnekään muualle, ja voit viedä tai poistaa sen milloin tahansa kohdassa ”Omat kuitit”.',
    privacyCorrections: 'Kun korjaat rivin ryhmän tai määrän, rivin nimi ja korjauksesi säilytetään samassa paikassa, jotta myöhemmissä kuiteissa sama rivi korjautuu samoin. Palvelu ei tallenna niistä mitään: korjaus lähetetään sinne vain luettavan kuitin mukana sen uudelleenlaskentaa varten, eikä sitä säilytetä. Kohdassa ”Omat kuitit” näet kaikki muistetut korjaukset, voit unohtaa yhden tai kaikki ja kytkeä muistamisen pois.',
    privacyHousehold: 'Jos annat kotitaloutesi koon Omien kuittien tavoitetta varten, aikuisten ja lasten määrä säilytetään samassa paikassa eikä sitä lähetetä minnekään.',
  },
  sv: {
    title: 'Mina kvitton',
    loading: 'Mina kvitton laddas…',
    loadFailed: 'Mina kvitton kunde inte laddas. Kontrollera anslutningen och försök igen.',
    note: 'En sammanfattning (datum, butik, kg CO2e per livsmedelsgrupp, antal varor, prissumma) sparas bara i den här webbläsaren och skickas aldrig till servern.',
    includeItems: 'Spara också varornas namn',
    save: 'Spara på den här enheten',
    saved: 'Sparat på den här enheten.',
    alreadySaved: 'Det här kvittot är redan sparat på den här enheten.',
    blocked: 'Webbläsaren tillåter inte att något sparas här (privat surfning eller sidans inställningar). Allt annat fungerar som vanligt.',
    full: 'Webbläsarens lagringsutrymme är fullt, så inget sparades. Exportera eller radera några kvitton och försök igen.',
    newer: 'De här kvittona har sparats av en nyare version av kalkylatorn och kan inte användas här.',
    privacyTitle: 'Vad som sparas på din enhet',
    privacy: 'När du väljer ”Spara på den här enheten” sparas en sammanfattning av resultatet (datum, butik, kg CO2e per livsmedelsgrupp, antal varor och prissumma; varornas namn bara om du vill) i din egen webbläsares lagring för den här webbplatsen. Den skickas aldrig till tjänsten eller någon annanstans, och du kan när som helst exportera eller radera den under ”Mina kvitton”.',
    privacyCorrections: 'När du rättar en rads grupp eller mängd sparas radens namn och din rättelse på samma ställe, så att samma rad rättas likadant på senare kvitton. Tjänsten sparar inget av det: rättelsen skickas dit bara med ett kvitto som läses, för att räkna om det, och sparas inte. Under ”Mina kvitton” ser du alla sparade rättelser, kan glömma en eller alla och stänga av funktionen.',
    privacyHousehold: 'Om du anger hushållets storlek för målet under ”Mina kvitton” sparas antalet vuxna och barn också där och skickas aldrig någonstans.',
  },
});

/** The history's strings in one language, as components read them. */
// Derived from the section itself, not from index.ts's Messages, which imports this file.
export type HistoryStrings = typeof history extends Section<infer T> ? Widen<T> : never;
