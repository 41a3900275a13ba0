// Errors: a red box titled Error, announced to screen readers as soon as it appears.
import { styled } from 'styled-components';
import { palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';

const Box = styled.div`
  padding: 16px;
  border: 1px solid ${palette.error.border};
  border-left: 6px solid ${palette.error.text};
  border-radius: 12px;
  background: ${palette.error.background};
  color: ${palette.error.text};
`;

const Title = styled.p`
  margin: 0 0 4px;
  font-weight: 800;
  color: ${palette.error.title};
`;

const Text = styled.p`
  margin: 0;
`;

export function ErrorBox(props: { message: string }) {
  const { messages } = useWidget();
  return (
    <Box role="alert">
      <Title>{messages.calculator.errorTitle}</Title>
      <Text>{props.message}</Text>
    </Box>
  );
}
