import Signals
import SignalsMVVM

/// The key-value binding sample's view: it binds its view model's keys with one chain, and sends edits of
/// the content back with `update`.
public final class ArticleView: ReactiveObject {
  /// The title shown.
  public private(set) var titleText = ""
  /// The content shown.
  public private(set) var contentText = ""
  /// How many times the bindings set the content: each model change once, and never the view's own edits.
  public private(set) var contentUpdates = 0

  /// Ends when the view is released.
  public let lifetime: Lifetime
  private let token: Lifetime.Token
  private var binder: KeyValueBinder<ArticleView, ArticleViewModel>?

  /// A view bound to `viewModel`, which it does not keep alive.
  public init(viewModel: ArticleViewModel) {
    (lifetime, token) = Lifetime.make()
    binder = bind(to: viewModel)
      .bind(\.title) { view, title in view.titleText = title }
      .bind(\.content) { view, content in
        view.contentText = content
        view.contentUpdates += 1
      }
  }

  /// The user edited the content: the view shows it and updates the view model.
  public func userDidEdit(content: String) {
    contentText = content
    binder?.update(\.content, content)
  }
}
