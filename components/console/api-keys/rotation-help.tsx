import { Panel, PanelBody } from "@/components/ui/panel";

/** The spec's rotation method (Authentication, item 8): overlap, since keys cannot be edited. */
export function RotationHelp() {
  return (
    <Panel title="Rotating a key" description="Keys cannot be edited, extended or rotated in place. Rotate by overlapping two keys:" id="rotation">
      <PanelBody>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-zinc-700 marker:text-zinc-400 dark:text-zinc-300">
          <li>Create a second key with the scopes the integration needs.</li>
          <li>Deploy the new key everywhere the old one is used.</li>
          <li>
            Watch the old key’s <span className="font-medium">Last used</span> time in the table above. When it stops moving,
            nothing uses the old key any more.
          </li>
          <li>Revoke the old key. Revocation takes effect on the next request and cannot be undone.</li>
        </ol>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          The same method changes a key’s scopes or expiry. Last used is recorded about once a minute.
        </p>
      </PanelBody>
    </Panel>
  );
}
