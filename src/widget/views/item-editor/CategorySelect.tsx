// An item's category: the 13 categories by their names in the visitor's language.
import { CATEGORY_NAMES, isCategoryName, type AnalysisItem } from '../../../contract.ts';
import { categoryLabel, fill } from '../../i18n/index.ts';
import { useWidget } from '../../state/widget-context.ts';

export function CategorySelect(props: { item: AnalysisItem; index: number }) {
  const { controller, messages } = useWidget();
  const { item, index } = props;
  return (
    <select
      aria-label={fill(messages.correction.categoryOf, { name: item.name })}
      value={item.category}
      onChange={(event) => {
        const category = event.currentTarget.value;
        if (isCategoryName(category)) void controller.corrections.edit({ type: 'category', index, category });
      }}
    >
      {CATEGORY_NAMES.map((name) => (
        <option key={name} value={name}>
          {categoryLabel(messages, name)}
        </option>
      ))}
    </select>
  );
}
