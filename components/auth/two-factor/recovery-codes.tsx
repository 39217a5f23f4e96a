/** The recovery codes, shown once after they are made. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" data-testid="recovery-codes" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 dark:border-amber-700 dark:bg-amber-950/40">
      <h2 id="recovery-codes-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Your recovery codes
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Keep these somewhere safe, apart from your phone. Each one signs you in once if you lose your authenticator. They are shown only now.
      </p>
      <ul className="grid grid-cols-1 gap-1 font-mono text-sm text-zinc-900 sm:grid-cols-2 dark:text-zinc-100">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}
