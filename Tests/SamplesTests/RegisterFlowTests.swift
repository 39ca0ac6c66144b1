import Testing
import ViewStateKitTesting
@testable import ViewStateKit
@testable import ViewStateSamples

@Suite("Register: Input → Output view model + coordinator")
@MainActor
struct RegisterFlowTests {
    @Test("the button is enabled only for 2–10 characters without edge spaces; a tap routes home")
    func viewModel() {
        let viewModel = RegisterViewModel()
        let input = RegisterViewModel.Input(name: StateCell(""), registerTap: Events())
        let output = viewModel.transform(input)
        var enabled: [Bool] = []
        var routes: [String] = []
        let tokens = [output.isRegisterEnabled.observe { enabled.append($0) }, output.route.observe { routes.append($0) }]
        input.registerTap.send()  // invalid name: no route
        for name in ["K", "Kim", " Kim", "Kim ", "Kimberly Ann", "Kim Lee", "Kimberly A"] { input.name.send(name) }
        input.registerTap.send()
        #expect(enabled == [false, false, true, false, false, false, true, true])
        #expect(routes == ["home"])
        withExtendedLifetime(tokens) {}
    }

    @Test("the flow: push register, type, register, set root home; the finished flow is freed")
    func flow() throws {
        let lines = StateRecorder<String>()
        let app = Coordinator()
        weak var weakFlow: RegisterCoordinator?
        var token: ObservationToken?
        do {
            let flow = RegisterCoordinator(navigator: ConsoleNavigator(write: lines.record))
            weakFlow = flow
            app.start(flow)
            let input = flow.input
            let output = try #require(flow.output)
            token = output.isRegisterEnabled.printLines(screen: "register", write: lines.record) {
                input.consoleLine(isRegisterEnabled: $0)
            }
            input.name.send(" Kim")
            input.registerTap.send()
            input.name.send("Kim")
            input.registerTap.send()
            input.registerTap.send()  // a second tap after leaving: the flow has finished
        }
        #expect(lines.values == [
            "[nav] push register",
            "[register] name \"\" — register disabled",
            "[register] name \" Kim\" — register disabled",
            "[register] name \"Kim\" — register enabled",
            "[nav] set root home",
        ])
        #expect(app.children.isEmpty)
        #expect(weakFlow == nil)
        token?.cancel()
    }

    @Test("invalid names: the button stays disabled and nothing navigates")
    func invalidNames() async {
        let run = CLIRun()
        await withSafetyNet(timeLimit: CLIRun.timeLimit) { @MainActor in
            run.status = await SamplesCLI.run(["register", "--scenario", "invalid"], output: { run.output.append($0) },
                                              errorOutput: { _ in })
        }
        #expect(run.output == [
            "[nav] push register",
            "[register] name \"\" — register disabled",
            "[register] name \"K\" — register disabled",
            "[register] name \" Kim\" — register disabled",
            "[register] name \"Kimberly Ann\" — register disabled",
        ])
    }
}
