// The smallest real application of the kit: the login form behind the session guard, the
// kit's stylesheet, and a signed-in view. The benchmarks load it as a production build
// (round trips and latency) and on the dev server (renders, which need React's Profiler).
// Settings come from the query string:
//   ?strict=1   render inside <StrictMode>
//   &profile=1  wrap the login form in a <Profiler> that records every commit in
//               `window.benchCommits` (React calls onRender in development builds only)
import '../../src/components/styles.css';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginForm, RequireSession, SessionProvider, useSession } from '../../src/index';

interface BenchCommit {
  readonly phase: string;
  readonly actualDuration: number;
  readonly at: number;
}

const query = new URLSearchParams(window.location.search);
const commits: BenchCommit[] = [];
(window as unknown as { benchCommits: BenchCommit[] }).benchCommits = commits;

const recordCommit: ProfilerOnRenderCallback = (_id, phase, actualDuration) => {
  commits.push({ phase, actualDuration, at: performance.now() });
};

function SignedIn(): ReactNode {
  const { user } = useSession();
  return (
    <section data-bench="signed-in">
      <h1>Documents</h1>
      <p>Signed in as {user?.username}</p>
    </section>
  );
}

const form = <LoginForm headingLevel={1} />;
const app = (
  <SessionProvider config={{ baseUrl: '' }}>
    <main>
      <RequireSession
        fallback={
          query.get('profile') === '1' ? (
            <Profiler id="login-form" onRender={recordCommit}>
              {form}
            </Profiler>
          ) : (
            form
          )
        }
      >
        <SignedIn />
      </RequireSession>
    </main>
  </SessionProvider>
);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(query.get('strict') === '1' ? <StrictMode>{app}</StrictMode> : app);
