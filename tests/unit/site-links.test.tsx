// The site's frame renders plain <a> and <form> elements on documents that ship no script
// (app/components/site-links.tsx): each must be the element the router's component renders there, and a
// plain NavLink must be active exactly where React Router's is.
import { renderToStaticMarkup } from "react-dom/server";
import { NavLink } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, test } from "vitest";
import { SiteLink, SiteNavLink, SitePostForm } from "~/components/site-links";
import { DocumentScriptsContext } from "~/lib/page-scripts";

const className = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");

function withoutScripts(location: string, element: React.ReactNode) {
  return renderToStaticMarkup(
    <StaticRouter location={location}>
      <DocumentScriptsContext.Provider value={false}>{element}</DocumentScriptsContext.Provider>
    </StaticRouter>,
  );
}

const routerNavLink = (location: string, to: string, end: boolean) =>
  renderToStaticMarkup(
    <StaticRouter location={location}>
      <NavLink to={to} end={end} className={className}>
        x
      </NavLink>
    </StaticRouter>,
  );

describe("the frame's links without scripts", () => {
  const locations = [
    "/",
    "/trails",
    "/Trails",
    "/trails/",
    "/trails/gold",
    "/trailsx",
    "/userHome",
    "/bodyWeightExercises",
  ];
  const targets = ["/", "/trails", "/userHome", "/bodyWeightExercises"];

  test("a plain NavLink is active (class and aria-current) exactly where React Router's is", () => {
    for (const location of locations) {
      for (const to of targets) {
        for (const end of [true, false]) {
          const plain = withoutScripts(
            location,
            <SiteNavLink to={to} end={end} className={className}>
              x
            </SiteNavLink>,
          );
          expect(plain, `${to} at ${location}, end ${end}`).toBe(routerNavLink(location, to, end));
        }
      }
    }
  });

  test("a link and the logout form are the elements the router's would render, without data-discover", () => {
    expect(
      withoutScripts(
        "/about",
        <SiteLink to="/authorization?formType=signin" className="btn">
          Login
        </SiteLink>,
      ),
    ).toBe('<a class="btn" href="/authorization?formType=signin">Login</a>');
    expect(
      withoutScripts(
        "/about",
        <SitePostForm action="/logout">
          <button type="submit">Logout</button>
        </SitePostForm>,
      ),
    ).toBe('<form method="post" action="/logout"><button type="submit">Logout</button></form>');
  });
});
