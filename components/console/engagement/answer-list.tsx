import type { Answer } from "@/lib/console/form-answer-values";

// One submission's answers as label: value, in the form's order. Attendee-written text is
// rendered as text (React escapes it) and wrapped, line breaks kept; a multiple choice
// is a row of chips; an unanswered field says so rather than disappearing.

export function AnswerList({ answers }: { answers: Answer[] }) {
  if (!answers.length) return <span className="text-zinc-500 dark:text-zinc-400">The form has no fields.</span>;
  return (
    <dl className="grid gap-x-3 gap-y-1.5 text-sm sm:grid-cols-[minmax(6rem,auto)_1fr]" data-testid="answer-list">
      {answers.map((answer) => (
        <div key={answer.key} className="contents" data-testid="answer">
          <dt className="font-medium text-zinc-700 dark:text-zinc-300">{answer.label}</dt>
          <dd className="min-w-0 break-words whitespace-pre-line text-zinc-900 max-sm:mb-1 dark:text-zinc-100" data-testid="answer-value">
            <AnswerValueView answer={answer} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AnswerValueView({ answer }: { answer: Answer }) {
  const value = answer.value;
  if (!value) return <span className="text-zinc-500 dark:text-zinc-400">Not answered</span>;
  if (value.type === "choices") {
    return (
      <ul className="flex flex-wrap gap-1.5" aria-label={answer.label}>
        {value.items.map((item, index) => (
          <li key={index} className="rounded-full border border-zinc-300 bg-zinc-50 px-2 py-0.5 text-xs text-zinc-800 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100" data-testid="answer-chip">
            {item}
          </li>
        ))}
      </ul>
    );
  }
  if (value.type === "yes_no") return <>{value.value ? "Yes" : "No"}</>;
  if (value.type === "number") return <>{value.value}</>;
  if (value.type === "date") return <>{value.value}</>;
  return <>{value.text}</>;
}
