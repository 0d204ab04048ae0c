import { Layout } from './components/Layout';
import { AppRoutes } from './routing/AppRoutes';

export function App() {
  return (
    <Layout>
      <AppRoutes />
    </Layout>
  );
}
