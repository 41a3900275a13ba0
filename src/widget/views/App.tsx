// The whole widget: the wrapper that resets inherited styles, the header, the current view
// and the footer.
import { styled } from 'styled-components';
import { BrandHeader, Footer } from '../components/SiteChrome.tsx';
import { GlobalStyle, inheritedReset } from '../theme/global-style.ts';
import { palette } from '../theme/palette.ts';
import { CalculatorView } from './CalculatorView.tsx';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { MyReceiptsView } from './history/MyReceiptsView.tsx';
import { HomeView } from './HomeView.tsx';
import { PrivacyView } from './PrivacyView.tsx';
import { atLeast } from '../theme/breakpoints.ts';

/** The inner wrapper: every inherited property set again, whatever reached the host element. */
const Root = styled.section`
  ${inheritedReset(false)}
  display: block;
  background: ${palette.page};
  padding: 16px;
  border-radius: 0;

  ${atLeast('large')} {
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

  return (
    <Root data-view={view} aria-label={messages.brand.name} lang={locale}>
      <GlobalStyle />
      <Column>
        <BrandHeader />
        <Main>
          {view === 'home' && <HomeView focusHeading={focusHeading} />}
          {view === 'calculator' && <CalculatorView focusHeading={focusHeading} />}
          {view === 'history' && <MyReceiptsView focusHeading={focusHeading} returnTo={controller.leaveHistory} />}
          {view === 'privacy' && (
            <PrivacyView focusHeading={focusHeading} returnTo={controller.leavePrivacy} />
          )}
        </Main>
        <Footer />
      </Column>
    </Root>
  );
}
