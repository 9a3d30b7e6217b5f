export default function Page() {
  return <h1>audit-results</h1>;
}
