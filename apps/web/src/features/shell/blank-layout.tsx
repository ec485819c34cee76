import styled from 'styled-components';
import { Outlet } from 'react-router';

const Main = styled.main`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.surface};
`;

/** Printable documents (estimates, invoices): the page alone. */
export function BlankLayout() {
  return (
    <Main id="main">
      <Outlet />
    </Main>
  );
}
