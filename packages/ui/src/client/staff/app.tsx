export function StaffApp() { return <main class="rk-main"><h1>Back office</h1></main>; }
