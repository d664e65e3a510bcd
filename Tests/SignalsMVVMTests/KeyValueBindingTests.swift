import Signals
import SignalsMVVM
import SignalsSamples
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct KeyValueBindingTests {
  @Test func chainedBindingsShowTheModelAndFollowIt() {
    let viewModel = ArticleViewModel(title: "Hello", content: "First")
    let view = ArticleView(viewModel: viewModel)
    #expect(view.titleText == "Hello")
    #expect(view.contentText == "First")
    viewModel.title.value = "Bye"
    viewModel.content.value = "Second"
    #expect(view.titleText == "Bye")
    #expect(view.contentText == "Second")
    #expect(view.contentUpdates == 2)
  }

  @Test func updatesGoBackToTheModelWithoutLooping() {
    let viewModel = ArticleViewModel(title: "Hello", content: "First")
    let view = ArticleView(viewModel: viewModel)
    var modelChanges: [String] = []
    viewModel.content.signal.observeValues { modelChanges.append($0) }
    view.userDidEdit(content: "Edited")
    view.userDidEdit(content: "Edited")  // equal: not set again
    #expect(viewModel.content.value == "Edited")
    #expect(modelChanges == ["Edited"])
    #expect(view.contentUpdates == 1)  // only the initial value: the edit did not come back
  }

  @Test func theGraphDumpListsEachKeyValueBindingWithTheLineThatMadeIt() {
    final class Plain: ReactiveObject {
      let lifetime: Lifetime
      private let token: Lifetime.Token
      init() { (lifetime, token) = Lifetime.make() }
    }
    let viewModel = ArticleViewModel(title: "Hello", content: "a")
    let view = Plain()
    let line = UInt(#line + 1)
    view.bind(to: viewModel).bind(\.title) { _, _ in }

    let bindings = PropertyGraphDump(["title": viewModel.title]).nodes[0].bindings
    #expect(bindings.count == 1)
    #expect(bindings.first?.direction == .into)
    #expect(bindings.first?.site == CreationSite(fileID: #fileID, line: line))
    #expect(bindings.first?.description.contains("by the binding at KeyValueBindingTests.swift:\(line)") == true)
  }

  @Test func anUpdateFromInsideABindingActionStops() {
    final class Echoing: ReactiveObject {
      let lifetime: Lifetime
      private let token: Lifetime.Token
      var binder: KeyValueBinder<Echoing, ArticleViewModel>?
      var calls = 0
      init() { (lifetime, token) = Lifetime.make() }
    }
    let viewModel = ArticleViewModel(title: "", content: "a")
    let view = Echoing()
    view.binder = view.bind(to: viewModel).bind(\.content) { view, content in
      view.calls += 1
      view.binder?.update(\.content, content.uppercased())
    }
    viewModel.content.value = "b"
    #expect(viewModel.content.value == "B")
    #expect(view.calls < 10)
  }

  @Test func noUnregisteringAndNoCrashWhenEitherSideGoesAway() {
    var viewModel: ArticleViewModel? = ArticleViewModel(title: "Hello", content: "First")
    var view: ArticleView? = ArticleView(viewModel: viewModel!)
    let weakView = Weak(view!)
    let weakViewModel = Weak(viewModel!)

    viewModel = nil  // the view does not keep its view model alive
    #expect(weakViewModel.object == nil)
    view!.userDidEdit(content: "nobody listens")  // no crash

    let other = ArticleViewModel(title: "Other", content: "x")
    view = ArticleView(viewModel: other)
    let weakSecond = Weak(view!)
    view = nil
    #expect(weakView.object == nil)
    #expect(weakSecond.object == nil)
    other.content.value = "y"  // reaches no released view
    #expect(other.content.value == "y")
  }
}
