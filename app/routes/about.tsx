import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { withoutScripts } from "~/lib/page-scripts";
import { publicPage } from "~/lib/public-page";
import { pageTitle } from "~/lib/page-title";

export const handle = { ...withoutScripts, ...publicPage };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "About") }];

export default function About() {
  const campus = useRouteLoaderData<{ campus: { name: string } }>("root")?.campus.name ?? "the campus";
  return (
    <article className="page max-w-3xl prose-text">
      <h1 className="page-title mb-6">About Walking Trails</h1>
      <p>
        Walking Trails is a campus wellness app that helps students, faculty and staff of {campus} build regular
        physical activity into the day. It maps the marked walking trails across {campus}, places benches along them
        with short instructional videos, and gathers guidance on exercise, stretching, walking technique, nutrition,
        hydration and injury prevention in one place.
      </p>
      <h2>An experiential-learning collaboration</h2>
      <p>
        The project is a joint effort between exercise science and information technology. One student group builds and
        maintains the app; another researches and writes the wellness content and records the videos. Both groups learn
        by shipping something the campus community really uses.
      </p>
      <h2>Grounded in evidence</h2>
      <p>
        Our content follows the published guidance of a leading sports-medicine association: at least 150 minutes of
        moderate activity each week, muscle strengthening on two or more days, and flexibility work that supports safe,
        comfortable movement.
      </p>
      <h2>Faculty mentors</h2>
      <p>
        The project is guided by three faculty members from the exercise science and information technology programs,
        who review the content and mentor the student teams each semester.
      </p>
      <h2>Get in touch</h2>
      <p>
        Signed-in users can send feedback from their profile page. We read every message and use it to improve the
        trails, the videos and the app.
      </p>
    </article>
  );
}
