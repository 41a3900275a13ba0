// The whole widget: the wrapper that resets inherited styles, the header, the current view
// and the footer.
import { useRef } from 'react';
import { styled } from 'styled-components';
import { BrandHeader, Footer } from '../components/SiteChrome.tsx';
import type { View } from '../state/app-state.ts';
import { GlobalStyle, inheritedReset } from '../theme/global-style.ts';
import { palette } from '../theme/palette.ts';
import { CalculatorView } from './CalculatorView.tsx';
import { useAppState, useWidget } from './context.ts';
import { HistoryView } from './history/HistoryView.tsx';
import { HomeView } from './HomeView.tsx';
import { PrivacyView } from './PrivacyView.tsx';

/** The inner wrapper: every inherited property set again, whatever reached the host element. */
const Root = styled.section`
  ${inheritedReset(false)}
  display: block;
  background: ${palette.page};
  padding: 16px;
  border-radius: 0;
  container-type: inline-size;

  @media (min-width: 640px) {
    padding: 24px;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
  max-width: 960px;
  margin: 0 auto;
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

export function App() {
  const { controller, messages, locale } = useWidget();
  const view = useAppState((state) => state.view);
  const focusHeading = useAppState((state) => state.hasNavigated);
  // The privacy view returns to where it was opened from (home or the calculator).
  const privacyReturn = useRef<View>('home');
  if (view !== 'privacy') privacyReturn.current = view;
  // "My receipts" is opened from home or from a result, and goes back there.
  const historyReturn = useRef<View>('home');
  if (view !== 'privacy' && view !== 'history') historyReturn.current = view;

  return (
    <Root data-view={view} aria-label={messages.brand.name} lang={locale}>
      <GlobalStyle />
      <Column>
        <BrandHeader />
        <Main>
          {view === 'home' && <HomeView focusHeading={focusHeading} />}
          {view === 'calculator' && <CalculatorView focusHeading={focusHeading} />}
          {view === 'history' && (
            <HistoryView focusHeading={focusHeading} returnTo={() => controller.navigate(historyReturn.current)} />
          )}
          {view === 'privacy' && (
            <PrivacyView focusHeading={focusHeading} returnTo={() => controller.navigate(privacyReturn.current)} />
          )}
        </Main>
        <Footer />
      </Column>
    </Root>
  );
}
