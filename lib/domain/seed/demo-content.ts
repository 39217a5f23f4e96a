// The vocabulary of the demo data: conferences, people, companies, programme titles.
// Companies are well-known fictitious names; every web and mail domain is under the
// reserved `.example` top-level domain, so nothing here points at a real party.

export type EventTemplate = {
  name: string;
  slug: string;
  description: string;
  timezone: string;
  location: string;
  tracks: string[];
  rooms: string[];
};

export const EVENT_TEMPLATES: EventTemplate[] = [
  {
    name: "Northwind DevSummit",
    slug: "northwind-devsummit",
    description:
      "Two days of talks, workshops and hallway conversations for people who build and run software: cloud platforms, data, security and the craft of engineering leadership.",
    timezone: "Europe/Berlin",
    location: "Estrel Congress Center, Sonnenallee 225, Berlin",
    tracks: ["Cloud & Platform", "Data & AI", "Security", "Engineering Leadership"],
    rooms: ["Main Hall", "Saal Spree", "Saal Havel", "Workshop Lab 1", "Foyer"],
  },
  {
    name: "Data & AI Forum",
    slug: "data-ai-forum",
    description:
      "A practitioners' forum on data platforms, analytics engineering and putting machine learning into production responsibly.",
    timezone: "Europe/London",
    location: "Queen Elizabeth II Centre, Westminster, London",
    tracks: ["Data & AI", "Analytics Engineering", "Product", "Cloud & Platform"],
    rooms: ["Churchill Auditorium", "Fleming Room", "Abbey Room", "Workshop Studio", "Pickwick Foyer"],
  },
  {
    name: "Product Leaders Day",
    slug: "product-leaders-day",
    description:
      "Product managers, designers and engineering leads compare notes on discovery, pricing, roadmaps and building teams that ship.",
    timezone: "Europe/Amsterdam",
    location: "Beurs van Berlage, Damrak 243, Amsterdam",
    tracks: ["Product", "Design & UX", "Engineering Leadership", "Analytics Engineering"],
    rooms: ["Grote Zaal", "Graanbeurszaal", "Keurzaal", "Workshop Room", "Foyer"],
  },
  {
    name: "Frontend Horizons",
    slug: "frontend-horizons",
    description: "The web platform, design systems, accessibility and performance, from people shipping them at scale.",
    timezone: "America/New_York",
    location: "Javits Center, 429 11th Ave, New York",
    tracks: ["Design & UX", "Frontend", "Cloud & Platform", "Product"],
    rooms: ["Hall A", "Room 1E09", "Room 1E10", "Hands-on Lab", "Crystal Palace"],
  },
  {
    name: "SecOps Week",
    slug: "secops-week",
    description: "Detection, response, supply-chain security and the human side of keeping systems safe.",
    timezone: "Asia/Singapore",
    location: "Marina Bay Sands Expo and Convention Centre, Singapore",
    tracks: ["Security", "Cloud & Platform", "Engineering Leadership", "Data & AI"],
    rooms: ["Peony Ballroom", "Orchid Room", "Heliconia Room", "Training Room 3", "Sands Foyer"],
  },
];

export const TRACK_LIBRARY: Record<string, { color: string; titles: string[] }> = {
  "Cloud & Platform": {
    color: "#2563EB",
    titles: [
      "Running Postgres on Kubernetes Without Regrets",
      "Golden Paths: Building an Internal Developer Platform People Use",
      "Cost-Aware Architecture on a Multi-Cloud Budget",
      "Zero-Downtime Migrations at 40,000 Requests per Second",
      "What We Learned Moving 600 Services to ARM",
      "Observability That Answers Questions You Have Not Asked Yet",
      "Event-Driven Systems: Outbox, Retries and Idempotency in Practice",
      "Serverless at the Edge: Latency Budgets That Hold",
    ],
  },
  "Data & AI": {
    color: "#7C3AED",
    titles: [
      "Evaluating LLM Features Before Your Users Do",
      "Retrieval-Augmented Generation on Messy Enterprise Documents",
      "From Notebook to Production: An ML Platform Story",
      "Feature Stores: When They Help and When They Hurt",
      "Privacy-Preserving Analytics with Differential Privacy",
      "Forecasting Demand with Gradient Boosting and Common Sense",
      "Vector Search at Scale: Indexes, Recall and Cost",
      "Responsible AI Reviews That Do Not Block Shipping",
    ],
  },
  Security: {
    color: "#DC2626",
    titles: [
      "Securing the Software Supply Chain with SLSA and Sigstore",
      "Threat Modelling for Teams That Ship Daily",
      "Passkeys in Production: A Year of Passwordless Sign-In",
      "Incident Response Tabletop: Lessons from a Real Breach",
      "Secrets Management Beyond Environment Variables",
      "Detection Engineering with Open-Source Tooling",
      "Least Privilege for Cloud Identities",
      "Red Team Stories from the Last 12 Months",
    ],
  },
  "Engineering Leadership": {
    color: "#059669",
    titles: [
      "Staff-Plus Engineering Without the Title Inflation",
      "Running Blameless Postmortems That Change Things",
      "Hiring Loops That Predict Success",
      "Managing Managers: The First 90 Days",
      "Technical Debt as a Portfolio, Not a Backlog",
      "Remote-First Teams Across Nine Time Zones",
      "Measuring Developer Productivity Without Ruining It",
      "Career Ladders That Engineers Trust",
    ],
  },
  "Analytics Engineering": {
    color: "#0891B2",
    titles: [
      "dbt at 2,000 Models: Keeping the DAG Understandable",
      "Data Contracts Between Producers and Consumers",
      "The Semantic Layer in Practice",
      "Testing Data Pipelines Like Application Code",
      "Streaming Analytics with Change Data Capture",
      "Building a Metrics Catalogue People Trust",
      "Lakehouse Table Formats Compared",
      "Self-Serve BI That Does Not Become Chaos",
    ],
  },
  Product: {
    color: "#EA580C",
    titles: [
      "Continuous Discovery in a Regulated Industry",
      "Pricing Experiments That Did Not Anger Customers",
      "Roadmaps as Bets, Not Promises",
      "Product-Led Growth for B2B Platforms",
      "Saying No: Prioritisation Frameworks Under Pressure",
      "Shipping the Smallest Useful Thing",
      "Customer Interviews That Uncover Real Problems",
      "From Feature Factory to Outcome Teams",
    ],
  },
  "Design & UX": {
    color: "#DB2777",
    titles: [
      "Design Systems That Survive Their Third Rebrand",
      "Accessibility Audits: Fixing the Top Ten Issues",
      "Designing for Offline-First Mobile Apps",
      "Motion Design with Purpose",
      "Research Ops: Scaling User Research",
      "Dark Patterns We Removed and What Happened",
      "Content Design for Complex Products",
      "Prototyping with Real Data",
    ],
  },
  Frontend: {
    color: "#CA8A04",
    titles: [
      "React Server Components in a Large Codebase",
      "Core Web Vitals: Chasing the Last 100 Milliseconds",
      "Micro-Frontends: Two Years Later",
      "Type-Safe APIs from Database to Browser",
      "Testing UIs with Playwright at Scale",
      "CSS Container Queries in Production",
      "Internationalising a Web App for 30 Languages",
      "Building Resilient Forms",
    ],
  },
};

export const KEYNOTE_TITLES = [
  "Opening Keynote: The Next Ten Years of Building Software",
  "Keynote: Reliability Is a Feature",
  "Keynote: Small Teams, Big Systems",
  "Closing Keynote: What We Got Wrong and What Comes Next",
];

export const PANEL_TITLES = [
  "Panel: AI in the Enterprise, Hype vs. Reality",
  "Panel: Platform Teams and Their Customers",
  "Panel: Hiring and Growing Engineers in 2026",
  "Panel: Open Source Sustainability",
];

export const WORKSHOP_TITLES = [
  "Workshop: Hands-On Kubernetes Operators",
  "Workshop: Build a RAG Pipeline in 90 Minutes",
  "Workshop: Threat Modelling Your Own Service",
  "Workshop: Accessible Components from Scratch",
  "Workshop: Data Contracts with dbt and Great Expectations",
];

export const FIRST_NAMES = [
  "Amara", "Ben", "Chiara", "Daniel", "Elif", "Felix", "Grace", "Hiroshi", "Ingrid", "Jamal",
  "Katarzyna", "Liam", "Mei", "Nikolai", "Olivia", "Pedro", "Quinn", "Rania", "Sven", "Tanvi",
  "Ugo", "Valentina", "Wei", "Ximena", "Yusuf", "Zoë", "Aisha", "Bruno", "Camille", "Dmitri",
  "Emma", "Farah", "Gabriel", "Hannah", "Ivan", "Julia", "Kofi", "Lena", "Mateo", "Nadia",
  "Oskar", "Priya", "Rafael", "Sofia", "Tomás", "Uma", "Viktor", "Wanjiru", "Yara", "Zain",
  "Anders", "Beatriz", "Chen", "Deepika", "Erik", "Fatima", "Giulia", "Hassan", "Isabel", "Jonas",
  "Kavya", "Lucas", "Maya", "Noah", "Chloé", "Paulo", "Rosa", "Samuel", "Theo", "Leonie",
  "Arjun", "Björn", "Carmen", "Diego", "Eva", "Finn", "Hana", "José", "Kenji", "Laura",
];

export const LAST_NAMES = [
  "Okafor", "Schneider", "Rossi", "Kowalski", "Yılmaz", "Müller", "Nakamura", "Johansson", "Haddad", "Fernández",
  "Nguyen", "O'Brien", "Patel", "Ivanova", "Dubois", "Silva", "Andersen", "Kim", "Mensah", "García",
  "Novak", "Chen", "Bauer", "Moreau", "Kaur", "Lindqvist", "Mahmoud", "Costa", "Wright", "Sato",
  "Hoffmann", "Álvarez", "Petrov", "Eriksen", "Romano", "Adeyemi", "Jansen", "Wójcik", "Tanaka", "Murphy",
  "Schmidt", "Martins", "Horvat", "Larsen", "Kumar", "Fischer", "Bianchi", "Osei", "Van Dijk", "Lopez",
  "Weber", "Santos", "Berg", "Rahman", "Dupont", "Ferreira", "Nowak", "Ito", "Walsh", "Hassan",
  "Koch", "Ricci", "Mwangi", "De Vries", "Singh", "Lefèvre", "Pereira", "Nielsen", "Suzuki", "Kelly",
];

export type Company = { name: string; domain: string };

export const COMPANIES: Company[] = [
  { name: "Contoso", domain: "contoso.example" },
  { name: "Fabrikam", domain: "fabrikam.example" },
  { name: "Tailspin Toys", domain: "tailspintoys.example" },
  { name: "Wide World Importers", domain: "wideworldimporters.example" },
  { name: "Adventure Works", domain: "adventure-works.example" },
  { name: "Litware", domain: "litware.example" },
  { name: "Proseware", domain: "proseware.example" },
  { name: "Lucerne Publishing", domain: "lucernepublishing.example" },
  { name: "Woodgrove Bank", domain: "woodgrovebank.example" },
  { name: "Alpine Ski House", domain: "alpineskihouse.example" },
  { name: "Coho Winery", domain: "cohowinery.example" },
  { name: "Fourth Coffee", domain: "fourthcoffee.example" },
  { name: "Blue Yonder Airlines", domain: "blueyonderairlines.example" },
  { name: "Humongous Insurance", domain: "humongousinsurance.example" },
  { name: "Margie's Travel", domain: "margiestravel.example" },
  { name: "Trey Research", domain: "treyresearch.example" },
  { name: "VanArsdel", domain: "vanarsdel.example" },
  { name: "Relecloud", domain: "relecloud.example" },
  { name: "Northwind Traders", domain: "northwindtraders.example" },
  { name: "A. Datum Corporation", domain: "adatum.example" },
  { name: "Graphic Design Institute", domain: "graphicdesigninstitute.example" },
  { name: "School of Fine Art", domain: "fineartschool.example" },
  { name: "City Power & Light", domain: "cpandl.example" },
  { name: "Consolidated Messenger", domain: "consolidatedmessenger.example" },
  { name: "Southridge Video", domain: "southridgevideo.example" },
  { name: "Wingtip Toys", domain: "wingtiptoys.example" },
  { name: "Datum Health", domain: "datumhealth.example" },
  { name: "Lamna Healthcare", domain: "lamnahealthcare.example" },
  { name: "Munson's Pickles and Preserves", domain: "munsonspickles.example" },
  { name: "Best For You Organics", domain: "bestforyouorganics.example" },
];

export const PERSONAL_MAIL_DOMAINS = ["mail.example", "inbox.example", "posteo.example", "fastmail.example"];

export const JOB_TITLES = [
  "Software Engineer", "Senior Software Engineer", "Staff Engineer", "Principal Engineer", "Engineering Manager",
  "Director of Engineering", "VP Engineering", "CTO", "Product Manager", "Senior Product Manager",
  "Head of Product", "Product Designer", "UX Researcher", "Data Engineer", "Data Scientist",
  "Analytics Engineer", "Machine Learning Engineer", "Site Reliability Engineer", "Platform Engineer", "Security Engineer",
  "Security Architect", "DevOps Lead", "Solutions Architect", "Developer Advocate", "Technical Writer",
  "QA Lead", "Frontend Developer", "Mobile Developer", "IT Operations Manager", "Founder",
];

export const SPEAKER_BIO_TEMPLATES = [
  (name: string, title: string, company: string) =>
    `${name} is ${article(title)} ${title} at ${company}, where they lead work on reliability and developer experience. Previously they built payment systems and spoke at several European conferences.`,
  (name: string, title: string, company: string) =>
    `${name} works as ${article(title)} ${title} at ${company}. They care about simple systems, good documentation and mentoring new engineers.`,
  (name: string, title: string, company: string) =>
    `As ${title} at ${company}, ${name} helps teams turn data into decisions. Outside work: trail running, sourdough and an unreasonable number of houseplants.`,
  (name: string, title: string, company: string) =>
    `${name} (${title}, ${company}) has spent fifteen years building products used by millions and now writes and speaks about sustainable engineering teams.`,
];

function article(word: string): string {
  return /^[AEIOU]/i.test(word) ? "an" : "a";
}

export const SPONSOR_TIERS = ["Platinum", "Gold", "Gold", "Silver", "Silver", "Community partner"];

export const SPONSOR_BLURBS = [
  "Cloud infrastructure for teams that would rather ship than babysit servers.",
  "Observability and incident management used by over 4,000 engineering teams.",
  "The developer-first identity platform: passkeys, SSO and fine-grained authorisation.",
  "Managed data pipelines from any source to any warehouse.",
  "Hiring software engineers across Europe: come and see us at booth 14.",
  "Open-source community partner supporting local meetups and student tickets.",
];

export type InfoSectionTemplate = {
  title: string;
  summary: string | null;
  body: string;
  icon: string;
  details: { label: string; value: string }[];
  visibility: "published" | "draft" | "hidden";
};

export function infoSectionTemplates(location: string): InfoSectionTemplate[] {
  return [
    {
      title: "Venue & getting there",
      summary: "How to reach the venue by train, bike or car.",
      body: `The conference takes place at ${location}. The venue is step-free throughout; lifts are next to the main entrance. Bike parking is available in the courtyard.`,
      icon: "map-pin",
      details: [
        { label: "Address", value: location },
        { label: "Nearest station", value: "5 minutes' walk from the main entrance" },
        { label: "Parking", value: "Underground garage, 2,000 spaces, €18 per day" },
      ],
      visibility: "published",
    },
    {
      title: "Wi-Fi & charging",
      summary: "Network name and password.",
      body: "Free Wi-Fi covers every room. Charging stations are in the foyer and at the back of every session room.",
      icon: "wifi",
      details: [
        { label: "Network", value: "DevSummit-Guest" },
        { label: "Password", value: "shipit2026" },
      ],
      visibility: "published",
    },
    {
      title: "Code of conduct",
      summary: null,
      body: "We are dedicated to a harassment-free conference for everyone. If you experience or witness unacceptable behaviour, contact a member of staff (yellow lanyards) or call the safety line at any time.",
      icon: "shield-check",
      details: [
        { label: "Safety line", value: "+49 30 1234 5678" },
        { label: "Email", value: "safety@northwind-events.example" },
      ],
      visibility: "published",
    },
    {
      title: "Food & dietary needs",
      summary: "Breakfast, lunch and coffee are included with every ticket.",
      body: "All catering is vegetarian by default, with vegan, gluten-free and halal options labelled at every station. Tell us about allergies in the registration form.",
      icon: "utensils",
      details: [
        { label: "Breakfast", value: "08:00–09:00, Foyer" },
        { label: "Lunch", value: "12:00–13:00, Foyer and terrace" },
        { label: "Coffee", value: "All day" },
      ],
      visibility: "published",
    },
    {
      title: "After-party",
      summary: "Drinks, music and table tennis on the evening of day one.",
      body: "Details are being finalised with the venue; we will publish them two weeks before the event.",
      icon: "party-popper",
      details: [{ label: "Time", value: "19:30 onwards" }],
      visibility: "draft",
    },
    {
      title: "Speaker green room",
      summary: "For speakers and staff only.",
      body: "The green room is on the first floor, room 1.04. Tech check is 30 minutes before your slot; bring your own adapter if you use a tablet.",
      icon: "mic",
      details: [
        { label: "Room", value: "1.04, first floor" },
        { label: "Tech check", value: "30 minutes before your session" },
      ],
      visibility: "hidden",
    },
  ];
}

export const FEEDBACK_COMMENTS = {
  feedback: [
    "The badge pickup was quick and the volunteers were lovely.",
    "Room Saal Havel was too warm in the afternoon.",
    "Great mix of deep technical talks and leadership content.",
    "The app's schedule view made it easy to switch rooms.",
    "Coffee queues at 10:45 were long; maybe add a second station.",
    "Slides were hard to read from the back rows.",
  ],
  suggestion: [
    "Please record the workshops as well as the talks.",
    "A quiet room for calls would be very welcome.",
    "Offer a sign-up list for lunch tables by topic.",
    "Publish the slides in the app right after each session.",
    "More vegan options at breakfast, please.",
    "Add live captions on the main stage.",
  ],
  review: [
    "Clear, practical and full of examples I can use on Monday.",
    "Interesting topic but the talk ran out of time before the demo.",
    "Best session of the day: honest about what did not work.",
    "A bit too introductory for me, but well presented.",
    "Loved the live coding, even when it broke.",
    "Good content; the Q&A was the highlight.",
  ],
};
