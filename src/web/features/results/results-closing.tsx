/** The closing invitation to talk to the implementation team, under the results. */
export function ResultsClosing() {
  return (
    <section className="card closing" aria-labelledby="closing-title">
      <h2 id="closing-title">Ready to put these recommendations into practice?</h2>
      <p>
        Our implementation team can help you plan and deliver the changes that matter most to your service.
        Email your results to yourself, and tick the box on the next page if you would like us to contact you
        about a free consultation.
      </p>
    </section>
  );
}
