import type { EnvProblem } from '@/config/env';

// Deliberately plain (no theme, no MUI): it must render even when nothing else can be set up.
export function EnvErrorPage({ problems }: { problems: EnvProblem[] }) {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '10vh auto', padding: '0 24px', lineHeight: 1.5 }}>
      <h1 style={{ fontSize: '1.5rem' }}>Charta cannot start: its configuration is incomplete</h1>
      <p>This build of Charta was made without some settings it needs. Whoever deployed it must fix these and rebuild:</p>
      <ul>
        {problems.map(({ name, problem }) => (
          <li key={name}>
            <code>{name}</code> {problem}
          </li>
        ))}
      </ul>
      <p style={{ color: '#52636b' }}>
        Build-time variables are read from the environment or a <code>web/.env.[mode]</code> file (for the local
        emulators: <code>npm run build:emulator -w web</code>).
      </p>
    </main>
  );
}
