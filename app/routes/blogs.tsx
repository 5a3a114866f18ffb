import { RouteError } from "../components/route-error.tsx";

export const meta = () => [
  { title: "Blogs — ReLaptop" },
  { name: "description", content: "Answers to common questions about React, JavaScript and testing." },
];

const POSTS = [
  {
    q: "What are the different ways to manage state in a React application?",
    a: [
      "Local state with useState or useReducer covers most components: a value that only one component and its children need lives in that component.",
      "Shared state can be lifted up to the closest common parent and passed down, or provided through Context when many levels would otherwise pass it along.",
      "Server data (lists, records fetched from an API) is best handled by a data layer such as React Router loaders or TanStack Query, which cache, revalidate and deduplicate requests.",
      "Larger client-side state with many writers can use a store such as Redux Toolkit, Zustand or Jotai. The URL is state too: filters and pages kept in search parameters survive reloads and can be shared.",
    ],
  },
  {
    q: "How does prototypal inheritance work?",
    a: [
      "Every JavaScript object has an internal link to another object, its prototype. When a property is not found on the object itself, the lookup continues along this chain of prototypes until it is found or the chain ends at null.",
      "Object.create(proto) makes an object whose prototype is proto; constructor functions and class syntax set the prototype of new instances to Constructor.prototype. Methods defined once on the prototype are therefore shared by all instances, while each instance keeps its own data.",
    ],
  },
  {
    q: "What is a unit test? Why should we write unit tests?",
    a: [
      "A unit test checks one small piece of code, such as a function or a component, in isolation, by giving it inputs and asserting on what it returns or renders.",
      "Unit tests catch mistakes early, document how the code is meant to behave, and let us change and refactor with confidence because a broken behaviour fails a test straight away instead of reaching users.",
    ],
  },
  {
    q: "React vs. Angular vs. Vue?",
    a: [
      "React is a library for building user interfaces from components with JSX; routing, data and forms come from its ecosystem, which gives freedom of choice.",
      "Angular is a complete framework written in TypeScript, with dependency injection, routing, forms and HTTP built in: a consistent structure suited to large teams.",
      "Vue sits in between: an approachable, progressive framework with single-file components, official router and state libraries, and a gentle learning curve.",
    ],
  },
];

export default function Blogs() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Blogs</h1>
      <div className="flex flex-col gap-6">
        {POSTS.map((post) => (
          <article key={post.q} className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 className="card-title">{post.q}</h2>
              {post.a.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

export const ErrorBoundary = RouteError;
