// kg per category over every saved receipt: one bar split by category, and the same as rows.
import { Card, SectionTitle } from '../../components/layout.tsx';
import { categoryLabel, fill } from '../../i18n/index.ts';
import { formatKg } from '../../rules/format.ts';
import type { SavedReceipt } from '../../rules/history.ts';
import { kgPerCategory } from '../../rules/history-report.ts';
import { useWidget } from '../../state/widget-context.ts';
import { categoryColor } from '../../theme/palette.ts';
import { CategoryBar } from './charts.tsx';
import { Rows, Swatch } from './parts.ts';

export function CategoriesCard(props: { receipts: readonly SavedReceipt[] }) {
  const { locale, messages } = useWidget();
  const categories = kgPerCategory(props.receipts);
  return (
    <Card aria-labelledby="rc-history-categories">
      <SectionTitle id="rc-history-categories">{messages.results.categoriesTitle}</SectionTitle>
      <CategoryBar rows={categories} />
      <Rows data-testid="history-categories">
        {categories.map((row) => (
          <li key={row.name} data-category={row.name}>
            <span>
              <Swatch $color={categoryColor(row.name)} aria-hidden="true" />
              {categoryLabel(messages, row.name)}
            </span>
            <strong>{fill(messages.results.kgValue, { kg: formatKg(locale, row.kg) })}</strong>
          </li>
        ))}
      </Rows>
    </Card>
  );
}
