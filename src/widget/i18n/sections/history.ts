// Every string of the saved history ("Save to this device", "My receipts", its privacy section)
// in each language of the widget. `{name}` marks a value filled in at render time; counts are
// plural forms picked by the language's own rules. Kept short: all three ship in every bundle.
// Words the main catalogue already has (kg CO2e, item counts, Back, Unknown store) come from it.

const en = {
  title: 'My receipts',
  /** Two figures side by side. */
  pair: '{a} · {b}',
  note: 'A summary (date, store, kg CO2e per category, item count, price total) is kept in this browser only and never sent to the server.',
  includeItems: 'Include item names',
  save: 'Save to this device',
  saved: 'Saved to this device.',
  empty: 'No saved receipts yet.',
  receiptCount: { one: '{count} receipt', other: '{count} receipts' },
  monthsTitle: 'Per month',
  yourAverage: 'Your average per receipt',
  communityAverage: 'Community average per receipt',
  change: '{month}: {percent} compared with {previous}.',
  exportCsv: 'Export CSV',
  exportJson: 'Export JSON',
  importJson: 'Import JSON',
  remove: 'Delete',
  removeAll: 'Delete all',
  confirmRemoveAll: 'Delete all saved receipts from this device? This cannot be undone.',
  cancel: 'Cancel',
  deleted: 'Deleted.',
  imported: { one: '{count} receipt imported.', other: '{count} receipts imported.' },
  refused: 'That file is not a valid export of My receipts. Nothing was changed.',
  blocked: 'This browser does not allow saving here (private browsing or the page’s settings). Everything else works as usual.',
  full: 'This browser’s storage is full, so nothing was saved. Export or delete some receipts and try again.',
  newer: 'These receipts were saved by a newer version of the calculator and cannot be used here.',
  unreadable: 'Some saved data could not be read and is left out.',
  privacyTitle: 'Receipts you save on your device',
  privacy: 'With “Save to this device”, a summary of the result (date, store, kg CO2e per category, item count and price total; item names only if you choose) is kept in your own browser’s storage for this site. It is never sent to the service or anywhere else, and you can export or delete it at any time in “My receipts”.',
};

export type HistoryStrings = typeof en;

const fi: HistoryStrings = {
  title: 'Omat kuitit',
  /** Two figures side by side. */
  pair: '{a} · {b}',
  note: 'Yhteenveto (päivämäärä, kauppa, kg CO2e ruokaryhmittäin, tuotteiden määrä, hintojen summa) säilyy vain tässä selaimessa eikä sitä lähetetä palvelimelle.',
  includeItems: 'Tallenna myös tuotteiden nimet',
  save: 'Tallenna tälle laitteelle',
  saved: 'Tallennettu tälle laitteelle.',
  empty: 'Tallennettuja kuitteja ei vielä ole.',
  receiptCount: { one: '{count} kuitti', other: '{count} kuittia' },
  monthsTitle: 'Kuukausittain',
  yourAverage: 'Oma keskiarvosi kuittia kohden',
  communityAverage: 'Kaikkien keskiarvo kuittia kohden',
  change: '{month}: {percent} edelliseen kuukauteen verrattuna.',
  exportCsv: 'Vie CSV',
  exportJson: 'Vie JSON',
  importJson: 'Tuo JSON',
  remove: 'Poista',
  removeAll: 'Poista kaikki',
  confirmRemoveAll: 'Poistetaanko kaikki tallennetut kuitit tältä laitteelta? Tätä ei voi perua.',
  cancel: 'Peruuta',
  deleted: 'Poistettu.',
  imported: { one: '{count} kuitti tuotu.', other: '{count} kuittia tuotu.' },
  refused: 'Tiedosto ei ole kelvollinen Omien kuittien vientitiedosto. Mitään ei muutettu.',
  blocked: 'Selain ei salli tallentamista tähän (yksityinen selaus tai sivun asetukset). Kaikki muu toimii tavalliseen tapaan.',
  full: 'Selaimen tallennustila on täynnä, joten mitään ei tallennettu. Vie tai poista kuitteja ja yritä uudelleen.',
  newer: 'Nämä kuitit on tallentanut laskurin uudempi versio, eikä niitä voi käyttää tässä.',
  unreadable: 'Osaa tallennetuista tiedoista ei voitu lukea, joten ne jätettiin pois.',
  privacyTitle: 'Laitteellesi tallentamasi kuitit',
  privacy: 'Kun valitset ”Tallenna tälle laitteelle”, tuloksen yhteenveto (päivämäärä, kauppa, kg CO2e ruokaryhmittäin, tuotteiden määrä ja hintojen summa; tuotteiden nimet vain, jos niin valitset) säilytetään oman selaimesi tallennustilassa tätä sivustoa varten. Sitä ei koskaan lähetetä palveluun eikä minnekään muualle, ja voit viedä tai poistaa sen milloin tahansa kohdassa ”Omat kuitit”.',
};

const sv: HistoryStrings = {
  title: 'Mina kvitton',
  /** Two figures side by side. */
  pair: '{a} · {b}',
  note: 'En sammanfattning (datum, butik, kg CO2e per livsmedelsgrupp, antal varor, prissumma) sparas bara i den här webbläsaren och skickas aldrig till servern.',
  includeItems: 'Spara också varornas namn',
  save: 'Spara på den här enheten',
  saved: 'Sparat på den här enheten.',
  empty: 'Inga sparade kvitton ännu.',
  receiptCount: { one: '{count} kvitto', other: '{count} kvitton' },
  monthsTitle: 'Per månad',
  yourAverage: 'Ditt medeltal per kvitto',
  communityAverage: 'Allas medeltal per kvitto',
  change: '{month}: {percent} jämfört med {previous}.',
  exportCsv: 'Exportera CSV',
  exportJson: 'Exportera JSON',
  importJson: 'Importera JSON',
  remove: 'Radera',
  removeAll: 'Radera alla',
  confirmRemoveAll: 'Radera alla sparade kvitton från den här enheten? Det går inte att ångra.',
  cancel: 'Avbryt',
  deleted: 'Raderat.',
  imported: { one: '{count} kvitto importerat.', other: '{count} kvitton importerade.' },
  refused: 'Filen är ingen giltig export av Mina kvitton. Inget ändrades.',
  blocked: 'Webbläsaren tillåter inte att något sparas här (privat surfning eller sidans inställningar). Allt annat fungerar som vanligt.',
  full: 'Webbläsarens lagringsutrymme är fullt, så inget sparades. Exportera eller radera några kvitton och försök igen.',
  newer: 'De här kvittona har sparats av en nyare version av kalkylatorn och kan inte användas här.',
  unreadable: 'En del sparade uppgifter kunde inte läsas och har lämnats bort.',
  privacyTitle: 'Kvitton som du sparar på din enhet',
  privacy: 'När du väljer ”Spara på den här enheten” sparas en sammanfattning av resultatet (datum, butik, kg CO2e per livsmedelsgrupp, antal varor och prissumma; varornas namn bara om du vill) i din egen webbläsares lagring för den här webbplatsen. Den skickas aldrig till tjänsten eller någon annanstans, och du kan när som helst exportera eller radera den under ”Mina kvitton”.',
};

export const historyStrings = { en, fi, sv };

/** The strings for a locale; English for a locale this section does not have yet. */
export function historyText(locale: string): HistoryStrings {
  return Object.hasOwn(historyStrings, locale) ? historyStrings[locale as keyof typeof historyStrings] : en;
}
