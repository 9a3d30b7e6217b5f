export default function Page() {
  return <h1>email-results</h1>;
}
