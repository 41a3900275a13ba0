// Home: headline, live statistics, what the calculator does, community impact, an example.
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { Button } from '../components/Button.tsx';
import { CarIcon, TreeIcon } from '../components/icons.tsx';
import { ButtonRow, Card, Muted, SectionTitle } from '../components/layout.tsx';
import { StatsPanel } from '../components/StatsPanel.tsx';
import { ViewHeading } from '../components/ViewHeading.tsx';
import { plural, type PluralForms } from '../i18n/index.ts';
import { formatTonnes, shortenCount } from '../rules/format.ts';
import { displayedUsers, tonnesTracked } from '../rules/stats.ts';
import { palette } from '../theme/palette.ts';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { atLeast } from '../theme/breakpoints.ts';

const Hero = styled.section`
  padding: 28px 20px;
  border-radius: 20px;
  background: linear-gradient(135deg, ${palette.hero} 0%, ${palette.primary} 100%);
  color: ${palette.onPrimary};
  display: flex;
  flex-direction: column;
  gap: 16px;

  ${atLeast('large')} {
    padding: 44px 40px;
  }
`;

const HeroText = styled.p`
  margin: 0;
  max-width: 36em;
  font-size: 1.0625em;
  color: ${palette.heroTint};
`;

const FeatureGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;

  ${atLeast('wide')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Feature = styled.li`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 20px;
  border-radius: 16px;
  border: 1px solid ${palette.border};
  background: ${palette.surface};
`;

const FeatureNumber = styled.span`
  width: 32px;
  height: 6px;
  border-radius: 3px;
  background: ${palette.primary};
  font-size: 0;
`;

const FeatureTitle = styled.h3`
  margin: 0;
  font-size: 1.0625em;
  font-weight: 700;
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  counter-reset: step;

  /* Four in a row only where each has room for a long word beside its number ("forskningsbaserade"). */
  ${atLeast('wide')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${atLeast('full')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const StepItem = styled.li`
  display: flex;
  gap: 12px;
  counter-increment: step;

  &::before {
    content: counter(step);
    flex: none;
    display: flex;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    background: ${palette.primary};
    color: ${palette.onPrimary};
    font-weight: 800;
  }
`;

const StepText = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding-top: 8px;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 16px;
  margin: 0;
`;

const Figure = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: 2px;
`;

const FigureValue = styled.dd`
  margin: 0;
  font-size: 1.75em;
  font-weight: 800;
  line-height: 1.2;
  color: ${palette.primary};
  font-variant-numeric: tabular-nums;
`;

const FigureLabel = styled.dt`
  color: ${palette.muted};
  font-weight: 600;
`;

const ExampleIcon = styled.span`
  margin-right: 6px;
  vertical-align: -2px;
`;

const Cta = styled.div`
  display: flex;
  justify-content: center;
`;

/** Big numbers with their labels: [value, label, optional icon]. */
function FigureList(props: { figures: Array<[value: string, label: string, icon?: ReactNode]> }) {
  return (
    <Figures>
      {props.figures.map(([value, label, icon]) => (
        <Figure key={label}>
          <FigureLabel>{label}</FigureLabel>
          <FigureValue>
            {icon && <ExampleIcon aria-hidden="true">{icon}</ExampleIcon>}
            {value}
          </FigureValue>
        </Figure>
      ))}
    </Figures>
  );
}

export function HomeView(props: { focusHeading: boolean }) {
  const { controller, messages, locale } = useWidget();
  const stats = useAppState((state) => state.stats);
  const text = messages.home;
  const ready = stats.phase === 'ready' ? stats.stats : null;
  const open = () => controller.navigate('calculator');
  /** A community figure and its label in the plural form its number asks for; a dash until the numbers come. */
  const countFigure = (
    label: PluralForms,
    count: number | null,
    format: (count: number) => string,
    fractionDigits = 0,
  ): [string, string] =>
    count === null ? [text.noValue, label.other] : [format(count), plural(locale, label, count, '', fractionDigits)];
  return (
    <>
      <Hero aria-labelledby="rc-home-title">
        <ViewHeading focusOnMount={props.focusHeading} onDark id="rc-home-title">
          {text.headline}
        </ViewHeading>
        <HeroText>{text.intro}</HeroText>
        <ButtonRow>
          <Button $variant="light" onClick={open}>
            {text.scanReceipt}
          </Button>
          <Button $variant="outline-light" onClick={open}>
            {text.tryDemo}
          </Button>
          <Button $variant="outline-light" onClick={() => controller.navigate('history')}>
            {messages.history.title}
          </Button>
        </ButtonRow>
      </Hero>

      <StatsPanel stats={stats} onRetry={() => controller.retryStats()} />

      <section aria-labelledby="rc-features-title">
        <SectionTitle id="rc-features-title">{text.featuresTitle}</SectionTitle>
        <FeatureGrid>
          {text.features.map((feature, index) => (
            <Feature key={feature.title}>
              <FeatureNumber aria-hidden="true">{index + 1}</FeatureNumber>
              <FeatureTitle>{feature.title}</FeatureTitle>
              <Muted>{feature.body}</Muted>
            </Feature>
          ))}
        </FeatureGrid>
      </section>

      <Card aria-labelledby="rc-how-title">
        <SectionTitle id="rc-how-title">{text.howTitle}</SectionTitle>
        <Steps>
          {text.steps.map((item) => (
            <StepItem key={item.title}>
              <StepText>
                <FeatureTitle>{item.title}</FeatureTitle>
                <Muted>{item.body}</Muted>
              </StepText>
            </StepItem>
          ))}
        </Steps>
      </Card>

      <Card aria-labelledby="rc-community-title">
        <SectionTitle id="rc-community-title">{text.communityTitle}</SectionTitle>
        <FigureList
          figures={[
            countFigure(text.communityReceipts, ready && ready.total_receipts_processed, (n) => shortenCount(locale, n)),
            // Tonnes are shown with one decimal, which the plural rules take into account.
            countFigure(text.communityTonnes, ready && tonnesTracked(ready), (n) => formatTonnes(locale, n), 1),
            countFigure(text.communityUsers, ready && displayedUsers(ready), (n) => shortenCount(locale, n)),
          ]}
        />
      </Card>

      <Card aria-labelledby="rc-example-title">
        <SectionTitle id="rc-example-title">{text.exampleTitle}</SectionTitle>
        <FigureList
          figures={[
            [text.exampleEmissions, text.exampleEmissionsLabel],
            [text.exampleDriving, text.exampleDrivingLabel, <CarIcon key="car" />],
            [text.exampleTree, text.exampleTreeLabel, <TreeIcon key="tree" />],
          ]}
        />
      </Card>

      <Cta>
        <Button onClick={open}>{text.getStarted}</Button>
      </Cta>
    </>
  );
}
