// The analysis result: total, store, equivalents, categories, items, notes and tips.
import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../components/Button.tsx';
import { CategoryChart } from '../components/CategoryChart.tsx';
import { CarIcon, TreeIcon } from '../components/icons.tsx';
import { nextCheck, type CheckRequest } from './item-editor/check-item.ts';
import { ItemEditor } from './item-editor/ItemEditor.tsx';
import { ItemList } from '../components/ItemList.tsx';
import { Card, SectionTitle } from '../components/layout.tsx';
import { SwapList } from '../components/SwapList.tsx';
import { TipList } from '../components/TipList.tsx';
import { noticeText } from '../i18n/coded.ts';
import { reasonText } from '../i18n/error-text.ts';
import { fill, plural } from '../i18n/index.ts';
import { sortedCategories } from '../rules/categories.ts';
import { equivalentsOf } from '../rules/equivalents.ts';
import { formatEquivalent, formatEuro, formatInteger, formatKg, formatRange } from '../rules/format.ts';
import { plausibleRange } from '../rules/range.ts';
import type { ShownResult } from '../rules/remembered.ts';
import { tipsFor } from '../rules/tips.ts';
import { palette } from '../theme/palette.ts';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { SaveReceipt } from './history/SaveReceipt.tsx';

const Summary = styled.section`
  container-type: inline-size;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 24px 20px;
  border-radius: 20px;
  background: linear-gradient(135deg, ${palette.hero} 0%, ${palette.primary} 100%);
  color: ${palette.onPrimary};
`;

const ResultTitle = styled.h2`
  margin: 0;
  font-size: 1.25em;
  font-weight: 700;
  color: ${palette.onPrimary};

  &:focus-visible {
    outline-color: ${palette.focusOnDark};
  }
`;

const Total = styled.p`
  margin: 0;
  display: flex;
  flex-direction: column;
`;

const TotalLabel = styled.span`
  color: ${palette.heroTint};
  font-weight: 600;
`;

/**
 * Sized to the summary's own width (cqi), so that "129.8 kg CO2e" (8.2 em in a wide system font)
 * stays on one line down to a 320 px phone, and 44 px at most; 36 px where containers are unknown.
 */
const TotalValue = styled.span`
  font-size: 2.25em;
  font-size: clamp(24px, 12cqi, 44px);
  font-weight: 800;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
`;

const TotalRange = styled.span`
  color: ${palette.heroTint};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

/** Why the figure is an estimate, folded under the total: one tap to read, out of the way otherwise. */
const About = styled.details`
  font-size: 0.875em;

  & > summary {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
    color: ${palette.heroTint};
    font-weight: 600;
    text-decoration: underline;
  }

  &:focus-within > summary {
    outline-color: ${palette.focusOnDark};
  }

  p {
    margin: 0 0 8px;
  }
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0;

  div {
    display: flex;
    flex-direction: column;
  }

  dt {
    color: ${palette.heroTint};
    font-size: 0.875em;
  }

  dd {
    margin: 0;
    font-weight: 700;
  }
`;

/**
 * Side by side only where each tile has room for its longest word beside the icon (Finnish
 * "henkilöautolla", "49 kuukautta" in bold): at 13 em a tile, one above the other on a phone.
 */
const EquivalentGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 13em), 1fr));
`;

const Equivalent = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 14px;
  border-radius: 12px;
  background: ${palette.primaryTint};
  /* Where a browser has the language's hyphenation (the root carries lang), it may break a long word. */
  hyphens: auto;

  svg {
    flex: none;
    color: ${palette.primary};
  }
`;

const EquivalentValue = styled.span`
  display: block;
  font-size: 1.25em;
  font-weight: 800;
  color: ${palette.primary};
`;

const Notes = styled.ul`
  margin: 0;
  padding: 12px 14px 12px 32px;
  border-radius: 12px;
  border: 1px solid ${palette.warning.border};
  background: ${palette.warning.background};
  color: ${palette.warning.text};
  list-style: disc;

  li + li {
    margin-top: 4px;
  }
`;

const RememberedLine = styled.p<{ $problem: boolean }>`
  margin: 0 0 12px;
  font-weight: ${({ $problem }) => ($problem ? 600 : 400)};
  color: ${({ $problem }) => ($problem ? palette.error.text : palette.muted)};
`;

/** Says that corrections remembered from earlier receipts changed this one, or why they could not. */
function RememberedNote(props: { result: ShownResult }) {
  const { messages, locale } = useWidget();
  const failure = useAppState((state) => state.rememberedFailure);
  const t = messages.correction;
  const changed = props.result.rememberedFrom?.filter((line) => line !== null).length ?? 0;
  if (failure) {
    return (
      <RememberedLine $problem role="alert">
        {fill(t.rememberedFailed, { reason: reasonText(messages, locale, failure) })}
      </RememberedLine>
    );
  }
  return changed > 0 ? (
    <RememberedLine $problem={false} data-testid="remembered-note">
      {plural(locale, t.rememberedApplied, changed)}
    </RememberedLine>
  ) : null;
}

const Center = styled.div`
  display: flex;
  justify-content: center;
`;

export function ResultsView(props: { result: ShownResult; focusOnMount: boolean; onScanAnother: () => void }) {
  const { messages, locale } = useWidget();
  const text = messages.results;
  const { result } = props;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The uncertain item the visitor asked to check: the editor opens on it.
  const [check, setCheck] = useState<CheckRequest | null>(null);
  const { focusOnMount } = props;
  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);

  const categories = sortedCategories(result.categories);
  const equivalents = equivalentsOf(result);
  const tips = tipsFor(result.categories);
  const reconciliation = result.metadata.reconciliation;
  // The backend states a total mismatch among its warnings; the widget says it itself only for a
  // backend that sent none, so the visitor never reads it twice. Coded notices are said in the
  // visitor's language; a backend that sends warnings alone is shown as it wrote them.
  const notices = result.metadata.notices;
  const warnings = Array.isArray(notices)
    ? notices.map((notice) => noticeText(messages, locale, notice))
    : (result.metadata.warnings ?? []);
  const uncertainItems = result.metadata.uncertain_items ?? 0;
  const backendNotes =
    warnings.length === 0 && reconciliation?.status === 'mismatch' && reconciliation.printed_total !== null
      ? [
          fill(text.mismatch, {
            computed: formatEuro(locale, reconciliation.computed_total),
            printed: formatEuro(locale, reconciliation.printed_total),
          }),
        ]
      : warnings;
  const notes =
    uncertainItems > 0 ? [...backendNotes, plural(locale, text.uncertainItems, uncertainItems)] : backendNotes;
  const storeTotal = result.store_info.total;
  const range = plausibleRange(result.total_emissions, result.total_emissions_low, result.total_emissions_high);

  return (
    <>
      <Summary aria-labelledby="rc-result-title" data-testid="result">
        <ResultTitle id="rc-result-title" ref={titleRef} tabIndex={-1}>
          {text.title}
        </ResultTitle>
        <Total>
          <TotalLabel>{text.totalLabel}</TotalLabel>
          <TotalValue data-testid="total-emissions">{fill(text.kgValue, { kg: formatKg(locale, result.total_emissions) })}</TotalValue>
          {range && <TotalRange data-testid="total-range">{fill(messages.estimate.about, formatRange(locale, range.low, range.high))}</TotalRange>}
        </Total>
        <About data-testid="about-figure">
          <summary>{messages.estimate.aboutTitle}</summary>
          {messages.estimate.aboutBody.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </About>
        <Facts>
          <div>
            <dt>{text.store}</dt>
            <dd>{result.store_info.name ?? text.unknownStore}</dd>
          </div>
          {storeTotal !== null && (
            <div>
              <dt>{text.receiptTotal}</dt>
              <dd>{formatEuro(locale, storeTotal)}</dd>
            </div>
          )}
          <div>
            <dt>{text.itemsTotal}</dt>
            <dd>{formatEuro(locale, result.total_price)}</dd>
          </div>
          <div>
            <dt>{plural(locale, text.itemsFound, result.metadata.items_found)}</dt>
            <dd>{formatInteger(locale, result.metadata.items_found)}</dd>
          </div>
        </Facts>
      </Summary>

      {notes.length > 0 && (
        <section aria-labelledby="rc-notes-title">
          <SectionTitle id="rc-notes-title">{text.notesTitle}</SectionTitle>
          <Notes data-testid="notes">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </Notes>
        </section>
      )}

      <Card aria-labelledby="rc-equivalents-title">
        <SectionTitle id="rc-equivalents-title">{text.equivalentsTitle}</SectionTitle>
        <EquivalentGrid>
          <Equivalent data-testid="driving">
            <CarIcon size={32} />
            <span>
              <EquivalentValue>{fill(text.driving, { km: formatEquivalent(locale, equivalents.drivingKm) })}</EquivalentValue>
              {text.drivingLabel}
            </span>
          </Equivalent>
          <Equivalent data-testid="tree">
            <TreeIcon size={32} />
            <span>
              <EquivalentValue>
                {fill(text.tree, { months: formatEquivalent(locale, equivalents.treeMonths) })}
              </EquivalentValue>
              {text.treeLabel}
            </span>
          </Equivalent>
        </EquivalentGrid>
      </Card>

      <Card aria-labelledby="rc-categories-title">
        <SectionTitle id="rc-categories-title">{text.categoriesTitle}</SectionTitle>
        <CategoryChart rows={categories} total={result.total_emissions} />
      </Card>

      {/* The scrolling list itself is the labelled region; a second one around it would repeat the name. */}
      <Card>
        <SectionTitle id="rc-items-title">{text.itemsTitle}</SectionTitle>
        <RememberedNote result={result} />
        <ItemList
          items={result.items}
          labelledBy="rc-items-title"
          onCheck={(index) => setCheck((previous) => nextCheck(previous, index))}
          rememberedFrom={result.rememberedFrom}
        />
        <ItemEditor result={result} check={check} />
      </Card>

      <Card aria-labelledby="rc-tips-title">
        <SectionTitle id="rc-tips-title">{text.tipsTitle}</SectionTitle>
        <TipList tips={tips} />
      </Card>

      {result.swaps && result.swaps.length > 0 && (
        <Card aria-labelledby="rc-swaps-title">
          <SectionTitle id="rc-swaps-title">{messages.correction.swapsTitle}</SectionTitle>
          <SwapList swaps={result.swaps} />
        </Card>
      )}

      <SaveReceipt result={result} />

      <Center>
        <Button onClick={props.onScanAnother}>{text.scanAnother}</Button>
      </Center>
    </>
  );
}
