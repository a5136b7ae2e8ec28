/** The privacy policy and user consent texts, shared by the privacy page and the sign-up dialogs. */
export function PrivacyPolicyText() {
  return (
    <div className="prose-text">
      <p>This policy explains what information Walking Trails collects, how we use it, and the choices you have.</p>
      <h3>Information collected automatically</h3>
      <p>
        When you use the app we record the date and time of your access, the pages you visit, and the site that referred
        you to us.
      </p>
      <h3>Information you give us</h3>
      <p>
        When you register we collect the personal details you enter: your username and email address, and any optional
        details you choose to share (age, gender, ethnicity and whether you are part of the college community).
      </p>
      <h3>Your location and your walks</h3>
      <p>
        The trail map can follow you on a walk. It asks your browser for your location only when you press &ldquo;Start
        walk&rdquo;, and your location stays on your device: while you walk, nothing about where you are is sent to us,
        and the walk is kept in your browser until you finish it. When you press &ldquo;Finish&rdquo;, you may save a
        summary of the walk: the trail, the date, how long you walked and how far along the trail, and nothing else. You
        can also log a walk yourself with a form. Your walks are shown only to you; the administrators see only totals
        per trail and week, and never for a group of fewer than 5 people. You can delete any of your walks, and deleting
        your account deletes them all.
      </p>
      <h3>How we use it</h3>
      <p>
        We use this information to run the app and for research into how the app is used, so that we can improve the
        trails, the content and the service.
      </p>
      <h3>Sharing</h3>
      <p>We do not share your information with outside parties, except where the law requires us to.</p>
      <h3>Your choices</h3>
      <p>
        You may opt out of communications from us and update your contact details at any time using the online form on
        your profile page. Users cannot remove themselves from the research database by other means; to ask about your
        data, contact us through the feedback form.
      </p>
    </div>
  );
}

export function UserConsentText() {
  return (
    <div className="prose-text">
      <p>
        <strong>Effective date: March 19, 2025.</strong>
      </p>
      <p>
        By creating an account you consent to Walking Trails collecting your username and email address, and, if you
        choose to provide them, your age, gender, ethnicity and campus-community status.
      </p>
      <p>
        This information is used to provide the service and to study, in aggregate, how the app is used. You may access,
        update or delete your personal data at any time from your profile page.
      </p>
    </div>
  );
}
