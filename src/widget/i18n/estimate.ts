// Strings that say how sure a figure is: the plausible range beside a kg figure, and the few lines
// of "About this figure" under the result's total, in every language the widget speaks (a feature
// section, see ../README.md). `{low}`, `{high}`, `{kg}` are filled at render time.
import { section } from './shape.ts';

export const estimate = section({
  en: {
    about: 'about {low}–{high}',
    itemFigure: '{kg} kg CO2e, about {low}–{high}',
    aboutTitle: 'About this figure',
    aboutBody: [
      'An estimate, not a measurement: each product counts with a published average for its kind (Finnish where there is one, else mostly French Agribalyse data) times its weight, or a typical pack’s.',
      'Sources differ, so each figure has a likely range, wider where a weight or category was guessed. Comparisons and tips use the main figure.',
    ],
  },
  fi: {
    about: 'noin {low}–{high}',
    itemFigure: '{kg} kg CO2e, noin {low}–{high}',
    aboutTitle: 'Tietoa luvusta',
    aboutBody: [
      'Arvio, ei mittaus: jokainen tuote lasketaan lajinsa julkaistulla keskiarvolla (suomalaisella, jos sellainen on, muuten enimmäkseen ranskalaisella Agribalyse-tiedolla) kertaa paino tai tavallisen pakkauksen paino.',
      'Lähteet eroavat, joten luvulla on todennäköinen vaihteluväli, leveämpi, kun paino tai ryhmä on arvattu. Vertailut ja vinkit käyttävät pääarvoa.',
    ],
  },
  sv: {
    about: 'cirka {low}–{high}',
    itemFigure: '{kg} kg CO2e, cirka {low}–{high}',
    aboutTitle: 'Om siffran',
    aboutBody: [
      'En uppskattning, inte en mätning: varje produkt räknas med ett publicerat medelvärde för sitt slag (finländskt där ett sådant finns, annars mest franska Agribalyse-data) gånger vikten eller en typisk förpacknings vikt.',
      'Källorna skiljer sig, så varje siffra har ett troligt intervall, bredare där vikt eller kategori gissats. Jämförelser och tips använder huvudvärdet.',
    ],
  },
});
