import { Callout } from "@/components/ui/callout";

/** Tells a member (not an admin) why the controls of a page are disabled. */
export function ReadOnlyNotice({ what }: { what: string }) {
  return (
    <Callout tone="info" title="View only" data-testid="read-only-notice">
      You are a member of this organization, not an admin, so you can see {what} but not change them. Ask an admin
      (see Members) if something needs to change.
    </Callout>
  );
}
