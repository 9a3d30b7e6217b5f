export default function Page() {
  return <h1>audit-tool</h1>;
}
